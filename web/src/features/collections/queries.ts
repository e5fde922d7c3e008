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
  stats: (id: string) =>
    queryOptions({
      queryKey: collectionKeys.stats(id),
      queryFn: () => apiRequest(`/api/domains/${id}/stats`, { schema: answerSchema((s) => s.domainStatsSchema) }),
    }),
};
