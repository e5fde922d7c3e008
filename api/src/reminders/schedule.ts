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
 * The instant of the reminder of a local day, or null when that weekday is not chosen. It is the
 * local clock time on that day in the person's zone, so it stays at 20:00 on both sides of a DST
 * change (a time the clocks skip that night moves forward by the gap; one they show twice is its
 * first occurrence: core's instantOfLocalTime).
 */
export function reminderAt(s: ReminderSchedule, day: string): Date | null {
  return s.days.includes(isoWeekdayOfKey(day)) ? instantOfLocalTime(day, s.minutes, s.tz) : null;
}

/**
 * The reminders due at `now`: yesterday's and today's (on the person's calendar) whose instant
 * has come, at most `lateMs` ago (a reminder hours late is no longer "at your time"), and not
 * before `since` (a time that had passed when the settings were saved waits for its next day).
 */
export function dueReminders(s: ReminderSchedule, now: Date, since: Date, lateMs: number): ReminderOccurrence[] {
  const today = periodKeyOf(now, "day", s.tz);
  const due: ReminderOccurrence[] = [];
  for (const day of [addDaysToKey(today, -1), today]) {
    const at = reminderAt(s, day);
    if (at && at <= now && at >= since && now.getTime() - at.getTime() <= lateMs) due.push({ day, dueAt: at });
  }
  return due;
}

export const minutesOfTime = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const timeOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
