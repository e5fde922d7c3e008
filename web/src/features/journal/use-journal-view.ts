import { useNavigate } from "@tanstack/react-router";
import { firstDayOfPeriod, periodKeyOf, periodKeyOfDay, shiftPeriodKey, type Period } from "@vj/core";
import { browserTimeZone } from "../../lib/api-client";
import type { JournalSearch, Tab } from "./search";

export type JournalView = {
  slug: string;
  period: Period;
  /** The viewed day (YYYY-MM-DD). */
  dayKey: string;
  /** The key of the viewed period (day, week or month holding dayKey). */
  periodKey: string;
  todayKey: string;
  isToday: boolean;
  tab: Tab;
  timeZone: string;
  setPeriod(period: Period): void;
  shift(delta: number): void;
  goToDay(dayKey: string): void;
  setTab(tab: Tab): void;
};

/** The viewed period, day and tab from the URL, with the moves the main screen offers. */
export function useJournalView(slug: string, search: JournalSearch): JournalView {
  const navigate = useNavigate();
  const timeZone = browserTimeZone();
  const todayKey = periodKeyOf(new Date(), "day", timeZone);
  const period = search.view ?? "day";
  const dayKey = search.date ?? todayKey;
  const periodKey = periodKeyOfDay(period, dayKey);
  const tab = search.tab ?? "notes";

  const go = (next: JournalSearch) =>
    void navigate({ to: "/$slug", params: { slug }, search: next, replace: false });
  const withDate = (day: string) => (day === todayKey ? undefined : day);

  return {
    slug,
    period,
    dayKey,
    periodKey,
    todayKey,
    isToday: dayKey === todayKey,
    tab,
    timeZone,
    // SPEC §2: choosing a pill resets the date to today.
    setPeriod: (view) => go({ view, tab: search.tab }),
    shift: (delta) => {
      const key = shiftPeriodKey(period, periodKey, delta);
      // Moving back to the period that holds today shows today again.
      const landsOnToday = periodKeyOfDay(period, todayKey) === key;
      go({ ...search, date: landsOnToday ? undefined : withDate(firstDayOfPeriod(period, key)) });
    },
    // The go-to-date control switches to the day view (SPEC §2).
    goToDay: (day) => go({ tab: search.tab, date: withDate(day) }),
    setTab: (next) => go({ ...search, tab: next === "notes" ? undefined : next }),
  };
}
