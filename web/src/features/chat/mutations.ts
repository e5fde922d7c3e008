import { answerSchema, apiRequest } from "../../lib/api-client";
import { useAppMutation } from "../../lib/mutation";
import { chatKeys } from "./queries";

/** Deletes one conversation; the collection's list drops it. */
export function useDeleteThread(domainId: string) {
  return useAppMutation({
    mutationFn: (id: string) => apiRequest(`/api/chat/threads/${id}`, { method: "DELETE", schema: answerSchema((s) => s.successSchema) }),
    invalidate: () => [chatKeys.threads(domainId)],
    success: { title: "Conversation deleted" },
    failure: (error) => ({ title: "Could not delete the conversation", description: error.message }),
  });
}
