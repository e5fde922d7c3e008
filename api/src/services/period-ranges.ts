import { periodRange, type Period } from "@vj/core";
import { setBounded } from "../bounded-map.js";

const ranges = new Map<string, { start: number; end: number }>();

/**
 * periodRange, remembered by (period, key, zone): the zone arithmetic is a visible share of a
 * list request, and clients ask for the same few periods over and over. Bounded;
 * invalid input throws before anything is kept.
 */
export function cachedPeriodRange(period: Period, key: string, timeZone: string): { start: Date; end: Date } {
  const id = `${period} ${key} ${timeZone}`;
  let range = ranges.get(id);
  if (!range) {
    const { start, end } = periodRange(period, key, timeZone);
    range = { start: start.getTime(), end: end.getTime() };
    setBounded(ranges, id, range, 1000);
  }
  return { start: new Date(range.start), end: new Date(range.end) };
}
