import type { Period } from "./period-kind.js";

/**
 * Which strings name a real period (SPEC §3, DESIGN §5), as plain UTC arithmetic on numbers with
 * no date library: the web checks the period keys of its URLs before its first screen, and this
 * keeps date-fns out of that first load. calendar.ts turns the days into dates.
 */

/** A calendar day as numbers: month 1-based; a day past the month's end (or ≤ 0) rolls over as in Date.UTC. */
export type DayNumbers = readonly [year: number, month: number, day: number];

// Four-digit years from 1000: the JS Date constructors map years 0-99 to 1900-1999,
// and nobody journals in the first millennium.
const DAY_KEY = /^([1-9]\d{3})-(\d{2})-(\d{2})$/;
const WEEK_KEY = /^([1-9]\d{3})-W(\d{2})$/;
const MONTH_KEY = /^([1-9]\d{3})-(\d{2})$/;

/** Days in a month (1-based month) of the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** ISO years have 53 weeks when they start on a Thursday, or on a Wednesday in a leap year. */
function isoWeeksInYear(year: number): 52 | 53 {
  const jan1 = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  const leap = daysInMonth(year, 2) === 29;
  return jan1 === 4 || (leap && jan1 === 3) ? 53 : 52;
}

/**
 * The first day of a period key and the day after its last, or null when the key is not a real
 * period. Day-of-month overflow (January 35th) is left to the Date constructor, which is what
 * makes week keys as cheap as day and month keys (bench/period-keys.ts).
 */
export function periodKeyDays(period: Period, key: string): { first: DayNumbers; next: DayNumbers } | null {
  if (typeof key !== "string") return null;
  switch (period) {
    case "day": {
      const m = DAY_KEY.exec(key);
      if (!m) return null;
      const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (month < 1 || month > 12) return null;
      if (day < 1 || day > daysInMonth(year, month)) return null;
      return { first: [year, month, day], next: [year, month, day + 1] };
    }
    case "week": {
      const m = WEEK_KEY.exec(key);
      if (!m) return null;
      const [year, week] = [Number(m[1]), Number(m[2])];
      if (week < 1 || week > isoWeeksInYear(year)) return null;
      // ISO week 1 is the week holding January 4th; its Monday is this day of January (may be <= 0).
      const jan4 = new Date(Date.UTC(year, 0, 4)).getUTCDay();
      const mondayOfWeek1 = 4 - ((jan4 + 6) % 7);
      // Our week starts the Sunday before its ISO Monday (DESIGN §5).
      const sunday = mondayOfWeek1 - 1 + 7 * (week - 1);
      return { first: [year, 1, sunday], next: [year, 1, sunday + 7] };
    }
    case "month": {
      const m = MONTH_KEY.exec(key);
      if (!m) return null;
      const [year, month] = [Number(m[1]), Number(m[2])];
      if (month < 1 || month > 12) return null;
      return { first: [year, month, 1], next: [year, month + 1, 1] };
    }
    default:
      return null;
  }
}

/** True when `key` names a real period: a real date, an existing ISO week (01..52/53), a month. */
export function isValidPeriodKey(period: Period, key: string): boolean {
  return periodKeyDays(period, key) !== null;
}
