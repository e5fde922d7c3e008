import { TZDate } from "@date-fns/tz";
import {
  addDays,
  addMonths,
  addWeeks,
  format,
  getDaysInMonth,
  getDay,
  getISOWeek,
  getISOWeekYear,
  getISOWeeksInYear,
  startOfISOWeek,
} from "date-fns";
import type { Period } from "./period-kind.js";

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

// Four-digit years from 1000: the JS Date constructors map years 0-99 to 1900-1999,
// and nobody journals in the first millennium.
const DAY_KEY = /^([1-9]\d{3})-(\d{2})-(\d{2})$/;
const WEEK_KEY = /^([1-9]\d{3})-W(\d{2})$/;
const MONTH_KEY = /^([1-9]\d{3})-(\d{2})$/;

/** month is 1-based here, unlike Date. */
export function calendarDate(year: number, month: number, day: number): CalendarDate {
  return new TZDate(year, month - 1, day, "UTC");
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

/** The calendar days of a period key, or null when the key is not a real period. */
export function parsePeriodKey(period: Period, key: string): PeriodDays | null {
  if (typeof key !== "string") return null;
  switch (period) {
    case "day": {
      const m = DAY_KEY.exec(key);
      if (!m) return null;
      const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (month < 1 || month > 12) return null;
      if (day < 1 || day > getDaysInMonth(calendarDate(year, month, 1))) return null;
      const first = calendarDate(year, month, day);
      return { first, next: addDays(first, 1) };
    }
    case "week": {
      const m = WEEK_KEY.exec(key);
      if (!m) return null;
      const [year, week] = [Number(m[1]), Number(m[2])];
      // Mid-year so the ISO week-year is the calendar year.
      if (week < 1 || week > getISOWeeksInYear(calendarDate(year, 7, 1))) return null;
      // ISO week 1 is the week holding January 4th.
      const monday = addWeeks(startOfISOWeek<CalendarDate>(calendarDate(year, 1, 4)), week - 1);
      const first = addDays(monday, -1);
      return { first, next: addDays(first, 7) };
    }
    case "month": {
      const m = MONTH_KEY.exec(key);
      if (!m) return null;
      const [year, month] = [Number(m[1]), Number(m[2])];
      if (month < 1 || month > 12) return null;
      const first = calendarDate(year, month, 1);
      return { first, next: addMonths(first, 1) };
    }
    default:
      return null;
  }
}

export function parsePeriodKeyOrThrow(period: Period, key: string): PeriodDays {
  const days = parsePeriodKey(period, key);
  if (!days) throw new RangeError(`Invalid ${String(period)} key: ${JSON.stringify(key)}`);
  return days;
}
