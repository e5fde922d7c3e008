import { useNavigate } from "@tanstack/react-router";
import { periodKeyOf, periodKeyOfDay, type Period } from "@vj/core";
import { browserTimeZone } from "../../lib/api-client";
import { choosePeriod, chooseTab, goToDay, shiftPeriod } from "./moves";
import type { JournalSearch, Tab } from "./search-params";

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
  /** A note to scroll to and highlight (opened from a search hit or a citation), if any. */
  highlightNoteId: string | null;
  timeZone: string;
  setPeriod(period: Period): void;
  shift(delta: number): void;
  goToDay(dayKey: string): void;
  setTab(tab: Tab): void;
};

/** The period the URL shows: its kind and key, the day it holds (today when the URL names none), and today. */
export function viewedPeriod(search: JournalSearch, timeZone: string = browserTimeZone(), now: Date = new Date()) {
  const todayKey = periodKeyOf(now, "day", timeZone);
  const period: Period = search.view ?? "day";
  const dayKey = search.date ?? todayKey;
  return { period, dayKey, periodKey: periodKeyOfDay(period, dayKey), todayKey, timeZone };
}

/** The viewed period, day and tab from the URL, with the moves the main screen offers (rules in moves.ts). */
export function useJournalView(slug: string, search: JournalSearch): JournalView {
  const navigate = useNavigate();
  const { period, dayKey, periodKey, todayKey, timeZone } = viewedPeriod(search);
  const tab = search.tab ?? "notes";

  const go = (next: JournalSearch) => void navigate({ to: "/$slug", params: { slug }, search: next });

  return {
    slug,
    period,
    dayKey,
    periodKey,
    todayKey,
    isToday: dayKey === todayKey,
    tab,
    highlightNoteId: search.note ?? null,
    timeZone,
    setPeriod: (next) => go(choosePeriod(search, next, todayKey)),
    shift: (delta) => go(shiftPeriod(search, delta, todayKey)),
    goToDay: (day) => go(goToDay(search, day, todayKey)),
    setTab: (next) => go(chooseTab(search, next, todayKey)),
  };
}
