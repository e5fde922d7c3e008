import { TZDate } from "@date-fns/tz";
import { assertTimeZone } from "./calendar.js";
import { periodKeyDays } from "./period-keys.js";

/**
 * Wall-clock times on a person's local calendar (reminders, the calendar's days, On This Day).
 * A day is its key, `YYYY-MM-DD`; arithmetic on keys is plain UTC arithmetic on numbers.
 */

const MINUTE = 60_000;
const HALF_DAY = 12 * 60 * MINUTE;

function dayNumbers(dayKey: string): [number, number, number] {
  const days = periodKeyDays("day", dayKey);
  if (!days) throw new RangeError(`Invalid day key: ${JSON.stringify(dayKey)}`);
  return [...days.first];
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function keyOfUtcMs(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The day `delta` days after (negative: before) a day key. */
export function addDaysToKey(dayKey: string, delta: number): string {
  const [y, m, d] = dayNumbers(dayKey);
  return keyOfUtcMs(Date.UTC(y, m - 1, d + delta));
}

/** ISO weekday of a day key: Monday 1 … Sunday 7. */
export function isoWeekdayOfKey(dayKey: string): number {
  const [y, m, d] = dayNumbers(dayKey);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** Whether a year of the Gregorian calendar has 29 February. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Milliseconds the zone's clock is ahead of UTC at an instant. */
function offsetAt(ms: number, timeZone: string): number {
  return -new TZDate(ms, timeZone).getTimezoneOffset() * MINUTE;
}

/**
 * The instant at which the clocks of `timeZone` show `minutes` after midnight on `dayKey`.
 * Across a DST change: a time the clocks skip (02:30 on a spring-forward night) is moved
 * forward by the gap (03:30), as calendars do; a time the clocks show twice (01:30 on a
 * fall-back night) is its first occurrence. Throws RangeError on an invalid day or zone.
 */
export function instantOfLocalTime(dayKey: string, minutes: number, timeZone: string): Date {
  assertTimeZone(timeZone);
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= 24 * 60) throw new RangeError(`Invalid minutes: ${minutes}`);
  const [y, m, d] = dayNumbers(dayKey);
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  // A transition near this wall time has the offset before it and the offset after it.
  const before = offsetAt(wall - HALF_DAY, timeZone);
  const after = offsetAt(wall + HALF_DAY, timeZone);
  const shows = (t: number) => t + offsetAt(t, timeZone) === wall;
  const candidates = [wall - before, wall - after].filter(shows).sort((a, b) => a - b);
  // None: the clocks skip this time; the offset from before the gap lands as far past it.
  return new Date(candidates[0] ?? wall - before);
}
