import { queryOptions } from "@tanstack/react-query";
import { LIST_STALE_TIME_MS, type Period } from "@vj/core";
import { answerSchema, apiRead } from "../../lib/api-client";
import { isChangeStreamLive, LIVE_SAFETY_POLL_MS } from "../../lib/change-stream";

export type SummaryScope = { domainId: string; period: Period; periodKey: string };

/** SPEC §7: the summaries list is cached under period, periodKey and domainId. */
export const summaryKeys = {
  all: ["summaries"] as const,
  collection: (domainId: string) => [...summaryKeys.all, domainId] as const,
  list: ({ domainId, period, periodKey }: SummaryScope) => [...summaryKeys.collection(domainId), period, periodKey] as const,
};

export const summaryTypeKeys = {
  all: ["summary-types"] as const,
  list: (domainId: string) => [...summaryTypeKeys.all, domainId] as const,
};

/** How often a list holding a summary still being written asks again (without the events stream). */
const SUMMARY_POLL_MS = 2000;
/** The same, while the events stream is open (it tells when the summary is written). */
export const summaryPollMs = () => (isChangeStreamLive() ? LIVE_SAFETY_POLL_MS : SUMMARY_POLL_MS);

export const summaryQueries = {
  /** Fresh 30 s, no refetch on focus (SPEC §9); polled while a summary is being written (DESIGN §7). */
  list: (scope: SummaryScope) =>
    queryOptions({
      queryKey: summaryKeys.list(scope),
      queryFn: async () => (await apiRead("/api/summaries", { query: scope, schema: answerSchema((s) => s.summaryListSchema) })) ?? [],
      staleTime: LIST_STALE_TIME_MS,
      refetchOnWindowFocus: false,
      refetchInterval: (query) => (query.state.data?.some((s) => s.status === "pending") ? summaryPollMs() : false),
    }),
  types: (domainId: string) =>
    queryOptions({
      queryKey: summaryTypeKeys.list(domainId),
      queryFn: async () => (await apiRead("/api/summary-types", { query: { domainId }, schema: answerSchema((s) => s.summaryTypeListSchema) })) ?? [],
      // Read again each time the dialog opens (it shows the cached list meanwhile): types made on another device appear.
      refetchOnMount: "always",
    }),
};
