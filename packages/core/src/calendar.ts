import { TZDate } from "@date-fns/tz";
import { addDays, format, getDay, getISOWeek, getISOWeekYear } from "date-fns";
import type { Period } from "./period-kind.js";
import { periodKeyDays } from "./period-keys.js";

/**
 * Internal calendar helpers shared by period.ts and navigator.ts (not part of the public API).
 *
 * A calendar date (a day with no time zone) is held as a TZDate at midnight in UTC: UTC has no
 * DST, so date-fns day/week/month arithmetic on it is pure calendar arithmetic. It only turns
 * into real instants through `startOfLocalDay`, which asks @date-fns/tz for the zone's midnight.
 */
export type CalendarDate = TZDate;

/** The first and the day after the last calendar day of a period. */
export interface PeriodDays {
  first: CalendarDate;
  next: CalendarDate;
}

/**
 * month is 1-based here, unlike Date; out-of-range days and months roll over as in Date.UTC.
 * Built from a UTC timestamp: about 3x cheaper than TZDate's year/month/day constructor.
 */
export function calendarDate(year: number, month: number, day: number): CalendarDate {
  return new TZDate(Date.UTC(year, month - 1, day), "UTC");
}

export function assertTimeZone(timeZone: string): void {
  if (!isKnownTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${JSON.stringify(timeZone)}`);
}

const zoneCache = new Map<string, boolean>();

export function isKnownTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== "string" || timeZone.length === 0) return false;
  const cached = zoneCache.get(timeZone);
  if (cached !== undefined) return cached;
  let ok: boolean;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    ok = true;
  } catch {
    ok = false;
  }
  // Bounded so a stream of junk names from requests cannot grow the cache forever.
  if (zoneCache.size < 1000) zoneCache.set(timeZone, ok);
  return ok;
}

/** The local calendar date of an instant in a time zone. */
export function calendarDateOf(instant: Date, timeZone: string): CalendarDate {
  assertTimeZone(timeZone);
  const ms = instant instanceof Date ? instant.getTime() : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError("Invalid date");
  const local = new TZDate(ms, timeZone);
  return calendarDate(local.getFullYear(), local.getMonth() + 1, local.getDate());
}

/**
 * The first instant of a local calendar day. Usually local 00:00; where a DST change skips
 * midnight (e.g. America/Santiago in September) TZDate moves forward to the first real instant.
 */
export function startOfLocalDay(date: CalendarDate, timeZone: string): Date {
  assertTimeZone(timeZone);
  const local = new TZDate(date.getFullYear(), date.getMonth(), date.getDate(), timeZone);
  return new Date(local.getTime());
}

/** The period key of the period containing a calendar date. */
export function keyOfDate(period: Period, date: CalendarDate): string {
  switch (period) {
    case "day":
      return format(date, "yyyy-MM-dd");
    case "month":
      return format(date, "yyyy-MM");
    case "week": {
      // Weeks run Sunday..Saturday and take the ISO week of their Monday (DESIGN §5),
      // so a Sunday belongs to the week of the next day.
      const monday = addDays(date, 1 - getDay(date));
      return `${getISOWeekYear(monday)}-W${String(getISOWeek(monday)).padStart(2, "0")}`;
    }
  }
}

/** The calendar days of a period key, or null when the key is not a real period (period-keys.ts). */
export function parsePeriodKey(period: Period, key: string): PeriodDays | null {
  const days = periodKeyDays(period, key);
  return days && { first: calendarDate(...days.first), next: calendarDate(...days.next) };
}

export function parsePeriodKeyOrThrow(period: Period, key: string): PeriodDays {
  const days = parsePeriodKey(period, key);
  if (!days) throw new RangeError(`Invalid ${String(period)} key: ${JSON.stringify(key)}`);
  return days;
}
