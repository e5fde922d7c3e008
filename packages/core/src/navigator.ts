import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import { type CalendarDate, calendarDateOf, keyOfDate, parsePeriodKeyOrThrow } from "./calendar.js";
import { type Period, periodKeyOf, periodStartsInFuture, shiftPeriodKey } from "./period.js";

/**
 * Texts of the period navigator and of note cards (SPEC §2, §4). All English (en-US) like the
 * rest of the product; `timeZone` is the browser's IANA zone and `now` is passed in so the
 * texts are testable and agree with the period keys.
 */

const WEEKDAY_MONTH_DAY = "EEEE, MMMM d";
const TIME = "h:mm a";

/**
 * The navigator headline: day "Today" / "Yesterday" / "Wednesday, March 5"; week "This Week" /
 * "Last Week" / "Mar 2 - Mar 8" (Sunday to Saturday, with years when the range crosses a year);
 * month "March 2025". Throws RangeError on an invalid key.
 */
export function periodHeadline(period: Period, key: string, timeZone: string, now: Date): string {
  const { first, next } = parsePeriodKeyOrThrow(period, key);
  switch (period) {
    case "day":
    case "week": {
      const current = periodKeyOf(now, period, timeZone);
      if (key === current) return period === "day" ? "Today" : "This Week";
      if (key === shiftPeriodKey(period, current, -1)) return period === "day" ? "Yesterday" : "Last Week";
      if (period === "day") return format(first, WEEKDAY_MONTH_DAY);
      const last = addDays(next, -1);
      const pattern = first.getFullYear() === last.getFullYear() ? "MMM d" : "MMM d, yyyy";
      return `${format(first, pattern)} - ${format(last, pattern)}`;
    }
    case "month":
      return format(first, "MMMM yyyy");
  }
}

/** The navigator sub-label: day "Wednesday, March 5, 2025"; week "Week 10, 2025"; month "2025". */
export function periodSubLabel(period: Period, key: string): string {
  const { first } = parsePeriodKeyOrThrow(period, key);
  switch (period) {
    case "day":
      return format(first, "EEEE, MMMM d, yyyy");
    case "week": {
      // The key already holds the ISO week-year and number the user should see.
      const [year, week] = key.split("-W");
      return `Week ${Number(week)}, ${year}`;
    }
    case "month":
      return format(first, "yyyy");
  }
}

/** Next is disabled when the following period would start in the future (SPEC §2). */
export function isNextPeriodDisabled(period: Period, key: string, timeZone: string, now: Date): boolean {
  return periodStartsInFuture(period, shiftPeriodKey(period, key, 1), timeZone, now);
}

/** A note card's timestamp: "Today at 3:04 PM", "Yesterday at 9:15 AM" or "Wednesday, March 5 at 3:04 PM". */
export function formatNoteTimestamp(instant: Date, timeZone: string, now: Date): string {
  const day = periodKeyOf(instant, "day", timeZone);
  const today = periodKeyOf(now, "day", timeZone);
  const time = format(new TZDate(instant.getTime(), timeZone), TIME);
  if (day === today) return `Today at ${time}`;
  if (day === shiftPeriodKey("day", today, -1)) return `Yesterday at ${time}`;
  return `${format(calendarDateOf(instant, timeZone), WEEKDAY_MONTH_DAY)} at ${time}`;
}

/** A duration in seconds as m:ss ("0:07", "2:05", "75:00"); negative or non-numbers show "0:00". */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, "0")}`;
}

/** The viewed date may be a day key ("2025-03-05") or any instant on that local day. */
export type ViewedDate = Date | string | undefined;

function viewedDay(viewedDate: ViewedDate, now: Date, timeZone: string): CalendarDate {
  if (viewedDate === undefined) return calendarDateOf(now, timeZone);
  if (typeof viewedDate === "string") return parsePeriodKeyOrThrow("day", viewedDate).first;
  return calendarDateOf(viewedDate, timeZone);
}

/**
 * The default note title "{weekday, month day} at {time}" (SPEC §4): the viewed day if one is
 * set, otherwise today, with the current local time. E.g. "Wednesday, March 5 at 3:04 PM".
 */
export function defaultNoteTitle(viewedDate: ViewedDate, now: Date, timeZone: string): string {
  const day = viewedDay(viewedDate, now, timeZone);
  return `${format(day, WEEKDAY_MONTH_DAY)} at ${format(new TZDate(now.getTime(), timeZone), TIME)}`;
}

/**
 * A new note's createdAt (SPEC §4): the viewed day combined with the current local time of day,
 * so a note recorded while looking at an earlier day lands on that day.
 */
export function noteCreatedAt(viewedDate: ViewedDate, now: Date, timeZone: string): Date {
  const day = viewedDay(viewedDate, now, timeZone);
  const local = new TZDate(now.getTime(), timeZone);
  const combined = new TZDate(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    local.getHours(),
    local.getMinutes(),
    local.getSeconds(),
    local.getMilliseconds(),
    timeZone,
  );
  return new Date(combined.getTime());
}


/** The key of the period that holds a day ("2025-03-05" → week "2025-W10", month "2025-03"). */
export function periodKeyOfDay(period: Period, dayKey: string): string {
  return keyOfDate(period, parsePeriodKeyOrThrow("day", dayKey).first);
}

/** The first day (YYYY-MM-DD) of a period: the navigator moves the viewed day there. */
export function firstDayOfPeriod(period: Period, key: string): string {
  return keyOfDate("day", parsePeriodKeyOrThrow(period, key).first);
}
