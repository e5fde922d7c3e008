import { PERIODS, isValidPeriodKey, type Period } from "@vj/core";

// The main screen's URL state and its check, which the route runs before the first screen: its own
// module, with no date arithmetic (that is in moves.ts), so date-fns stays out of the first load.

export const TABS = ["notes", "summary", "chat"] as const;
export type Tab = (typeof TABS)[number];

/** The main screen's state lives in the URL, so a reload or the back button keeps the view. */
export type JournalSearch = {
  /** Day, week or month (default day). */
  view?: Period;
  /** The viewed day as YYYY-MM-DD; absent means today. */
  date?: string;
  tab?: Tab;
  /**
   * A note to bring into view and highlight for a moment (a search hit or a chat citation opens
   * its day with it). Any move on the screen drops it.
   */
  note?: string;
};

const NOTE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function validateJournalSearch(search: Record<string, unknown>): JournalSearch {
  const view = PERIODS.find((p) => p === search.view);
  const tab = TABS.find((t) => t === search.tab);
  const date = typeof search.date === "string" && isValidPeriodKey("day", search.date) ? search.date : undefined;
  const note = typeof search.note === "string" && NOTE_ID.test(search.note) ? search.note : undefined;
  return { ...clean({ view, date, tab }, null), ...(note ? { note } : {}) };
}

/**
 * The URL keeps only what differs from the defaults (day view, today, the Notes tab), so the plain
 * collection address and "today in the day view" are one and the same link.
 */
export function clean(search: JournalSearch, todayKey: string | null): JournalSearch {
  return {
    ...(search.view && search.view !== "day" ? { view: search.view } : {}),
    ...(search.date && search.date !== todayKey ? { date: search.date } : {}),
    ...(search.tab && search.tab !== "notes" ? { tab: search.tab } : {}),
  };
}
