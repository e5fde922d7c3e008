import { QueryClient } from "@tanstack/react-query";

// SPEC §9: reads never retry, never refetch on focus or interval, and data never goes stale by default.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
