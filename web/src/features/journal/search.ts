import { PERIODS, firstDayOfPeriod, isValidPeriodKey, periodKeyOfDay, shiftPeriodKey, type Period } from "@vj/core";

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
function clean(search: JournalSearch, todayKey: string | null): JournalSearch {
  return {
    ...(search.view && search.view !== "day" ? { view: search.view } : {}),
    ...(search.date && search.date !== todayKey ? { date: search.date } : {}),
    ...(search.tab && search.tab !== "notes" ? { tab: search.tab } : {}),
  };
}

/*
 * The moves of the main screen as pure functions of the current search and today's key, so the
 * rules are tested without a browser. Each returns the next (clean) search.
 */

/** SPEC §2: choosing a pill (even the active one) resets the viewed date to today. */
export function choosePeriod(search: JournalSearch, period: Period, todayKey: string): JournalSearch {
  return clean({ view: period, tab: search.tab }, todayKey);
}

/**
 * Previous / next period: the viewed day moves to the first day of the new period, except that
 * coming back to the period holding today shows today again (so "This Week" means today's week).
 */
export function shiftPeriod(search: JournalSearch, delta: number, todayKey: string): JournalSearch {
  const period = search.view ?? "day";
  const key = shiftPeriodKey(period, periodKeyOfDay(period, search.date ?? todayKey), delta);
  const holdsToday = periodKeyOfDay(period, todayKey) === key;
  return clean({ ...search, date: holdsToday ? todayKey : firstDayOfPeriod(period, key) }, todayKey);
}

/** The go-to-date control switches to the day view on the chosen day (SPEC §2). */
export function goToDay(search: JournalSearch, dayKey: string, todayKey: string): JournalSearch {
  if (!isValidPeriodKey("day", dayKey)) return clean(search, todayKey);
  return clean({ view: "day", date: dayKey, tab: search.tab }, todayKey);
}

export function chooseTab(search: JournalSearch, tab: Tab, todayKey: string): JournalSearch {
  return clean({ ...search, tab }, todayKey);
}
