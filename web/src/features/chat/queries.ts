import { queryOptions } from "@tanstack/react-query";
import { chatThreadDetailSchema, chatThreadListSchema } from "@vj/core";
import { apiRequest } from "../../lib/api-client";

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
      queryFn: ({ signal }) => apiRequest("/api/chat/threads", { query: { domainId }, schema: chatThreadListSchema, signal }),
      staleTime: 30_000,
    }),
  thread: (id: string) =>
    queryOptions({
      queryKey: chatKeys.thread(id),
      queryFn: ({ signal }) => apiRequest(`/api/chat/threads/${id}`, { schema: chatThreadDetailSchema, signal }),
      staleTime: 30_000,
    }),
};
