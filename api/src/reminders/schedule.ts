import { addDaysToKey, instantOfLocalTime, isoWeekdayOfKey, periodKeyOf } from "@vj/core";

/** When a person wants to be reminded: minutes after local midnight, ISO weekdays, their zone. */
export interface ReminderSchedule {
  minutes: number;
  days: readonly number[];
  tz: string;
}

export interface ReminderOccurrence {
  /** The person's local day (YYYY-MM-DD) the reminder belongs to. */
  day: string;
  dueAt: Date;
}

/**
 * The first reminder due after `after`, on `fromDay` or later when given. Each is the local
 * clock time on its day in the person's zone, so it stays at 20:00 on both sides of a DST
 * change (a time the clocks skip that night moves forward by the gap; one they show twice is
 * its first occurrence: core's instantOfLocalTime). Null when no weekday is chosen.
 */
export function nextReminder(s: ReminderSchedule, after: Date, fromDay?: string): ReminderOccurrence | null {
  if (s.days.length === 0) return null;
  const today = periodKeyOf(after, "day", s.tz);
  let day = fromDay !== undefined && fromDay > today ? fromDay : today;
  // Eight days hold every weekday once after today's, whichever today is.
  for (let i = 0; i < 8; i++, day = addDaysToKey(day, 1)) {
    if (!s.days.includes(isoWeekdayOfKey(day))) continue;
    const dueAt = instantOfLocalTime(day, s.minutes, s.tz);
    if (dueAt.getTime() > after.getTime()) return { day, dueAt };
  }
  return null;
}

export const minutesOfTime = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const timeOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
