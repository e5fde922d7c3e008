import { queryOptions } from "@tanstack/react-query";

import { answerSchema, apiRead, apiRequest } from "../../lib/api-client";
import { collectionKeys } from "./keys";

export { collectionKeys } from "./keys";

export const collectionQueries = {
  list: () =>
    queryOptions({
      queryKey: collectionKeys.list(),
      queryFn: async () => (await apiRead("/api/domains", { schema: answerSchema((s) => s.domainListSchema) })) ?? [],
    }),
  /** SPEC §7: asked only when the list is empty, never retried; a 404 means "no collection yet". */
  default: () =>
    queryOptions({
      queryKey: collectionKeys.default(),
      queryFn: async () => {
        try {
          return await apiRead("/api/domains/default", { schema: answerSchema((s) => s.domainSchema) });
        } catch {
          return null;
        }
      },
      retry: false,
    }),
  /** What deleting it takes with it, for the confirmation (asked when it opens). */
  contents: (id: string) =>
    queryOptions({
      queryKey: [...collectionKeys.all, id, "contents"] as const,
      queryFn: () => apiRequest(`/api/domains/${id}/contents`, { schema: answerSchema((s) => s.domainContentsSchema) }),
      staleTime: 0,
    }),
  stats: (id: string) =>
    queryOptions({
      queryKey: collectionKeys.stats(id),
      queryFn: () => apiRequest(`/api/domains/${id}/stats`, { schema: answerSchema((s) => s.domainStatsSchema) }),
    }),
};
