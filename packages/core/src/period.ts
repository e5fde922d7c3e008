import { addDays, addMonths, addWeeks } from "date-fns";
import {
  calendarDateOf,
  isKnownTimeZone,
  keyOfDate,
  parsePeriodKeyOrThrow,
  startOfLocalDay,
} from "./calendar.js";
import type { Period } from "./period-kind.js";
import { isValidPeriodKey } from "./period-keys.js";

/**
 * Periods and their keys (SPEC §3, DESIGN §5).
 *
 * Keys: day `YYYY-MM-DD`, week `YYYY-Www`, month `YYYY-MM`, all on the user's local calendar.
 * A week runs local Sunday 00:00 to the next Sunday 00:00 (what the navigator shows) and is
 * keyed by the ISO week and ISO week-year of the Monday inside it, so a Sunday carries the key
 * of the following Monday. The web and the API both use these functions, which is what keeps
 * the notes listed, the navigator's range and a summary's notes the same set.
 */
export { PERIODS, type Period } from "./period-kind.js";
export { isValidPeriodKey };

/** True for an IANA time zone name this runtime's Intl accepts (e.g. "Europe/London", "UTC"). */
export function isValidTimeZone(tz: string): boolean {
  return isKnownTimeZone(tz);
}

/** The key of the period holding `instant` on the local calendar of `timeZone`. */
export function periodKeyOf(instant: Date, period: Period, timeZone: string): string {
  return keyOfDate(period, calendarDateOf(instant, timeZone));
}

/**
 * The instants [start, end) of a period in `timeZone`. Built from local midnights, so a day
 * across a DST change is 23 or 25 hours long. Throws RangeError on an invalid key or zone.
 */
export function periodRange(period: Period, key: string, timeZone: string): { start: Date; end: Date } {
  const { first, next } = parsePeriodKeyOrThrow(period, key);
  return { start: startOfLocalDay(first, timeZone), end: startOfLocalDay(next, timeZone) };
}

/** The key `delta` periods after (or, negative, before) `key`. Throws RangeError on an invalid key. */
export function shiftPeriodKey(period: Period, key: string, delta: number): string {
  if (!Number.isInteger(delta)) throw new RangeError(`Period shift must be an integer, got ${delta}`);
  const { first } = parsePeriodKeyOrThrow(period, key);
  const shifted =
    period === "day" ? addDays(first, delta) : period === "week" ? addWeeks(first, delta) : addMonths(first, delta);
  const result = keyOfDate(period, shifted);
  if (!isValidPeriodKey(period, result)) throw new RangeError(`Shifted ${period} key is out of range: ${result}`);
  return result;
}

/** True when the period begins after `now`; the navigator disables Next for such a period. */
export function periodStartsInFuture(period: Period, key: string, timeZone: string, now: Date): boolean {
  return periodRange(period, key, timeZone).start.getTime() > now.getTime();
}
