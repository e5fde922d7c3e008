import { addDaysToKey, shiftPeriodKey } from "@vj/core";

/** The days of a month as weeks of seven cells, Sunday first (the navigator's weeks run Sunday to Saturday); null pads. */
export function monthWeeks(month: string): (string | null)[][] {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const first = `${month}-01`;
  const lead = new Date(Date.UTC(year, m - 1, 1)).getUTCDay();
  const length = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array<null>(lead).fill(null)];
  for (let i = 0; i < length; i++) cells.push(addDaysToKey(first, i));
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

export const shiftMonth = (month: string, delta: number) => shiftPeriodKey("month", month, delta);

/** "March 2026". */
export function monthLabel(month: string, locale?: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(year, m - 1, 1));
}

/** "Tuesday, March 10". */
export function dayLabel(day: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(Date.parse(`${day}T00:00:00Z`));
}

/** "5 days in a row" (SPEC-style plain words for the streak). */
export const daysInARow = (n: number) => `${n} ${n === 1 ? "day" : "days"} in a row`;
