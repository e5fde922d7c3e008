import { infiniteQueryOptions } from "@tanstack/react-query";
import { NEXT_CURSOR_HEADER, type SearchHit } from "@vj/core";
import { answerSchema, apiFetch } from "../../lib/api-client";

export type SearchPage = { hits: SearchHit[]; nextCursor: string | null };

export const searchKeys = {
  all: ["search"] as const,
  results: (q: string) => [...searchKeys.all, q] as const,
};

/**
 * One query's hits, page by page. Typing a new word changes the key: the previous request's
 * signal aborts it. Never kept across reloads (query-persistence skips this key) and never shown
 * offline, so nothing stale passes for a fresh answer.
 */
export const searchQueries = {
  results: (q: string) =>
    infiniteQueryOptions({
      queryKey: searchKeys.results(q),
      queryFn: async ({ pageParam, signal }): Promise<SearchPage> => {
        const { data, headers } = await apiFetch("/api/search", {
          query: { q, before: pageParam ?? undefined },
          schema: answerSchema((s) => s.searchHitListSchema),
          signal,
        });
        return { hits: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      enabled: q.trim() !== "",
      staleTime: 0,
      gcTime: 60_000,
      retry: false,
      meta: { persist: false },
    }),
};
