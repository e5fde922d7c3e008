import { firstDayOfPeriod, periodKeyOf, type Domain, type Period } from "@vj/core";
import type { JournalSearch } from "./search-params";

/** Where a link into the journal goes: a collection's main screen with its view in the search. */
export type JournalLink = { to: "/$slug"; params: { slug: string }; search: JournalSearch };

/**
 * A note in its collection's day view, scrolled to and highlighted (search hits, chat citations).
 * The day is the note's local day in the browser's zone, as the day view lists it.
 */
export function noteLink(collection: Pick<Domain, "slug">, note: { id: string; createdAt: string }, timeZone: string): JournalLink {
  return { to: "/$slug", params: { slug: collection.slug }, search: { date: periodKeyOf(new Date(note.createdAt), "day", timeZone), note: note.id } };
}

/** A summary in its period's Summary tab. */
export function summaryLink(collection: Pick<Domain, "slug">, summary: { period: Period; periodKey: string }): JournalLink {
  const search: JournalSearch = { date: firstDayOfPeriod(summary.period, summary.periodKey), tab: "summary" };
  if (summary.period !== "day") search.view = summary.period;
  return { to: "/$slug", params: { slug: collection.slug }, search };
}
