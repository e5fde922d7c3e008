import type { QueryClient } from "@tanstack/react-query";
import type { Domain } from "@vj/core";
import { collectionQueries } from "../collections/queries";
import { noteQueries } from "../notes/queries";
import { summaryQueries } from "../summaries/queries";
import type { JournalSearch } from "../journal-view/search-params";
import { viewedPeriod } from "../journal-view/use-journal-view";

/**
 * Starts the main screen's reads for the period the URL shows (the collection list, the notes and
 * the summaries), where they are missing or stale (the saved answers a reload restores count as
 * stale online), as the route resolves rather than in the screen's first effects. The screen's
 * queries then join reads already under way: its first commit's effects do not start them all in
 * one task, and the notes list's first read is sent before the screen shows, not after
 * it. Offline the reads wait for the connection, as the screen's own would.
 */
export function prefetchJournalView(queryClient: QueryClient, collection: Domain, search: JournalSearch): void {
  const { period, periodKey } = viewedPeriod(search);
  const scope = { domainId: collection.id, period, periodKey };
  void queryClient.prefetchQuery(collectionQueries.list());
  void queryClient.prefetchInfiniteQuery(noteQueries.list(scope));
  void queryClient.prefetchQuery(summaryQueries.list(scope));
}
