import { PERIODS, isValidPeriodKey, type Period } from "@vj/core";

export const TABS = ["notes", "summary", "chat"] as const;
export type Tab = (typeof TABS)[number];

/** The main screen's state lives in the URL, so a reload or the back button keeps the view. */
export type JournalSearch = {
  /** Day, week or month (default day). */
  view?: Period;
  /** The viewed day as YYYY-MM-DD; absent means today. */
  date?: string;
  tab?: Tab;
};

export function validateJournalSearch(search: Record<string, unknown>): JournalSearch {
  const view = PERIODS.find((p) => p === search.view);
  const tab = TABS.find((t) => t === search.tab);
  const date = typeof search.date === "string" && isValidPeriodKey("day", search.date) ? search.date : undefined;
  return {
    ...(view && view !== "day" ? { view } : {}),
    ...(date ? { date } : {}),
    ...(tab && tab !== "notes" ? { tab } : {}),
  };
}
