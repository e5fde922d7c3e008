import { queryOptions } from "@tanstack/react-query";

import { answerSchema, apiRead, apiRequest } from "../../lib/api-client";

/** Query keys as a hierarchy: invalidating ["domains"] refreshes the list, the default and every stats entry. */
export const collectionKeys = {
  all: ["domains"] as const,
  list: () => [...collectionKeys.all, "list"] as const,
  default: () => [...collectionKeys.all, "default"] as const,
  stats: (id: string) => [...collectionKeys.all, id, "stats"] as const,
};

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
