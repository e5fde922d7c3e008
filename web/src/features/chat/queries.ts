import { queryOptions } from "@tanstack/react-query";

import { answerSchema, apiRequest } from "../../lib/api-client";

/** ["chat", domainId] ⊃ its thread list; ["chat", "thread", id] one conversation. */
export const chatKeys = {
  all: ["chat"] as const,
  threads: (domainId: string) => [...chatKeys.all, domainId] as const,
  thread: (id: string) => [...chatKeys.all, "thread", id] as const,
};

/** Kept in the persisted cache like the notes: earlier conversations show offline. */
export const chatQueries = {
  threads: (domainId: string) =>
    queryOptions({
      queryKey: chatKeys.threads(domainId),
      queryFn: ({ signal }) => apiRequest("/api/chat/threads", { query: { domainId }, schema: answerSchema((s) => s.chatThreadListSchema), signal }),
      staleTime: 30_000,
    }),
  thread: (id: string) =>
    queryOptions({
      queryKey: chatKeys.thread(id),
      queryFn: ({ signal }) => apiRequest(`/api/chat/threads/${id}`, { schema: answerSchema((s) => s.chatThreadDetailSchema), signal }),
      staleTime: 30_000,
    }),
};
