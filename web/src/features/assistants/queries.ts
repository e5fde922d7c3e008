import { queryOptions } from "@tanstack/react-query";
import { answerSchema, apiRequest } from "../../lib/api-client";

export const assistantKeys = {
  all: ["assistants"] as const,
  list: () => [...assistantKeys.all, "list"] as const,
  consent: (id: string) => [...assistantKeys.all, "consent", id] as const,
};

export const assistantQueries = {
  /** Access tokens and OAuth-connected apps, newest first. */
  list: () =>
    queryOptions({
      queryKey: assistantKeys.list(),
      queryFn: ({ signal }) => apiRequest("/api/assistants", { schema: answerSchema((s) => s.connectedAssistantListSchema), signal }),
    }),
  /** An app's request to connect, for the consent page (answered once, so never cached for long). */
  consent: (id: string) =>
    queryOptions({
      queryKey: assistantKeys.consent(id),
      queryFn: ({ signal }) => apiRequest(`/api/oauth/requests/${encodeURIComponent(id)}`, { schema: answerSchema((s) => s.consentRequestSchema), signal }),
      retry: false,
      gcTime: 0,
    }),
};
