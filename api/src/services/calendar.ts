import { addDaysToKey, periodKeyOf, periodRange, type CalendarMonth, type CalendarQuery, type Streak } from "@vj/core";
import { journalDaysRepository } from "../repositories/journal-days.js";
import type { ServiceContext } from "./context.js";
import { requireDomain } from "./domains.js";

/**
 * The streaks of a journal from its days with notes, newest first. The current streak runs up
 * to today, or up to yesterday while today has no note yet (the day is not over); a day without
 * a note before that ends it. Days after today (a note dated ahead) are not counted.
 */
export function streaksOf(daysNewestFirst: string[], today: string): Streak {
  const days = daysNewestFirst.filter((d) => d <= today);
  let longest = 0;
  let current = 0;
  let run = 0;
  days.forEach((day, i) => {
    run = i > 0 && addDaysToKey(day, 1) === days[i - 1] ? run + 1 : 1;
    longest = Math.max(longest, run);
    // Still the first run, and it began today or yesterday: that run is the current streak.
    if (run === i + 1 && (days[0] === today || days[0] === addDaysToKey(today, -1))) current = run;
  });
  return { current, longest };
}

/** GET /api/calendar: a month's days with notes and the streaks, in one collection or in all. */
export async function calendarMonth(ctx: ServiceContext, userId: string, q: CalendarQuery, now = new Date()): Promise<CalendarMonth> {
  if (q.domainId !== undefined) await requireDomain(ctx, userId, q.domainId);
  const repo = journalDaysRepository(ctx.db);
  const today = periodKeyOf(now, "day", q.tz);
  const range = periodRange("month", q.month, q.tz);
  const tomorrow = periodRange("day", addDaysToKey(today, 1), q.tz).start;
  const [days, written] = await Promise.all([
    repo.countByDay(userId, { ...range, tz: q.tz, domainId: q.domainId }),
    repo.daysWithNotes(userId, { before: tomorrow, tz: q.tz, domainId: q.domainId }),
  ]);
  return {
    month: q.month,
    today,
    days: days.map((d) => ({ date: d.day, notes: d.notes, duration: d.duration })),
    streak: streaksOf(written, today),
  };
}
