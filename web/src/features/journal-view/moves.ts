import { firstDayOfPeriod, isValidPeriodKey, periodKeyOfDay, shiftPeriodKey, type Period } from "@vj/core";
import { clean, type JournalSearch, type Tab } from "./search-params";

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
