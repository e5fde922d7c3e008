import { describe, expect, test } from "vitest";
import {
  PERIODS,
  isValidPeriodKey,
  isValidTimeZone,
  periodKeyOf,
  periodRange,
  periodStartsInFuture,
  shiftPeriodKey,
  type Period,
} from "../src/period.js";

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const hours = (r: { start: Date; end: Date }) => (r.end.getTime() - r.start.getTime()) / HOUR;
const iso = (r: { start: Date; end: Date }) => ({ start: r.start.toISOString(), end: r.end.toISOString() });

describe("PERIODS", () => {
  test("lists day, week and month in navigator order", () => {
    expect(PERIODS).toEqual(["day", "week", "month"]);
  });
});

describe("isValidPeriodKey", () => {
  test.each([
    ["day", "2024-02-29"],
    ["day", "2024-12-31"],
    ["day", "2025-01-01"],
    ["week", "2025-W01"],
    ["week", "2020-W53"],
    ["week", "2026-W53"],
    ["week", "2015-W53"],
    ["month", "2025-01"],
    ["month", "2025-12"],
  ] as [Period, string][])("%s %s is valid", (period, key) => {
    expect(isValidPeriodKey(period, key)).toBe(true);
  });

  test.each([
    ["day", "2025-02-29", "not a leap year"],
    ["day", "2025-04-31", "April has 30 days"],
    ["day", "2025-13-01", "month 13"],
    ["day", "2025-00-10", "month 0"],
    ["day", "2025-03-00", "day 0"],
    ["day", "2025-3-1", "not zero-padded"],
    ["day", "2025-03-01T00:00", "a timestamp"],
    ["day", " 2025-03-01", "surrounding space"],
    ["day", "2025-03", "a month key"],
    ["day", "0099-01-01", "a year the Date constructors misread"],
    ["day", "", "empty"],
    ["week", "2023-W53", "2023 has 52 ISO weeks"],
    ["week", "2025-W53", "2025 has 52 ISO weeks"],
    ["week", "2025-W00", "week 0"],
    ["week", "2025-W54", "week 54"],
    ["week", "2025-W1", "not zero-padded"],
    ["week", "2025-w10", "lower-case w"],
    ["week", "2025-03-05", "a day key"],
    ["month", "2025-13", "month 13"],
    ["month", "2025-00", "month 0"],
    ["month", "2025-1", "not zero-padded"],
    ["month", "2025-01-01", "a day key"],
  ] as [Period, string, string][])("%s %j is invalid (%s)", (period, key) => {
    expect(isValidPeriodKey(period, key)).toBe(false);
  });

  test("an unknown period is never valid", () => {
    expect(isValidPeriodKey("year" as Period, "2025")).toBe(false);
  });
});

describe("isValidTimeZone", () => {
  test.each(["America/New_York", "Europe/London", "Pacific/Auckland", "Asia/Kolkata", "UTC"])("%s is accepted", (tz) => {
    expect(isValidTimeZone(tz)).toBe(true);
  });
  test.each(["", "Mars/Olympus_Mons", "New York", "America/Nowhere"])("%j is rejected", (tz) => {
    expect(isValidTimeZone(tz)).toBe(false);
  });
});

describe("periodKeyOf", () => {
  test("an instant near midnight is a different local day in Auckland and New York", () => {
    const instant = at("2025-03-04T11:30:00Z"); // Auckland 00:30 on the 5th, New York 06:30 on the 4th
    expect(periodKeyOf(instant, "day", "Pacific/Auckland")).toBe("2025-03-05");
    expect(periodKeyOf(instant, "day", "America/New_York")).toBe("2025-03-04");
    expect(periodKeyOf(instant, "day", "UTC")).toBe("2025-03-04");
  });

  test("a half-hour zone (Kolkata) moves an instant into the next month", () => {
    const instant = at("2025-01-31T18:45:00Z"); // Kolkata 00:15 on 1 February
    expect(periodKeyOf(instant, "day", "Asia/Kolkata")).toBe("2025-02-01");
    expect(periodKeyOf(instant, "month", "Asia/Kolkata")).toBe("2025-02");
    expect(periodKeyOf(instant, "month", "UTC")).toBe("2025-01");
  });

  test("Honolulu is still in the old year when UTC is in the new one", () => {
    const instant = at("2025-01-01T09:00:00Z"); // Honolulu 23:00 on 31 December
    expect(periodKeyOf(instant, "day", "Pacific/Honolulu")).toBe("2024-12-31");
    expect(periodKeyOf(instant, "month", "Pacific/Honolulu")).toBe("2024-12");
    expect(periodKeyOf(instant, "day", "UTC")).toBe("2025-01-01");
  });

  test("Saturday night in Los Angeles is Sunday in UTC, so the week differs", () => {
    const instant = at("2025-03-09T06:00:00Z"); // Los Angeles 22:00 Saturday 8 March
    expect(periodKeyOf(instant, "week", "America/Los_Angeles")).toBe("2025-W10");
    expect(periodKeyOf(instant, "week", "UTC")).toBe("2025-W11");
  });

  test("every day from Sunday to Saturday carries the ISO week of the Monday inside", () => {
    // Sunday 2 March .. Saturday 8 March 2025; Monday 3 March is in ISO week 10.
    for (let d = 2; d <= 8; d++) {
      const noon = at(`2025-03-0${d}T12:00:00Z`);
      expect(periodKeyOf(noon, "week", "UTC")).toBe("2025-W10");
    }
    expect(periodKeyOf(at("2025-03-01T12:00:00Z"), "week", "UTC")).toBe("2025-W09");
    expect(periodKeyOf(at("2025-03-09T12:00:00Z"), "week", "UTC")).toBe("2025-W11");
  });

  test("year boundary: Sunday 2024-12-29 opens 2025-W01, the Saturday before ends 2024-W52", () => {
    expect(periodKeyOf(at("2024-12-29T12:00:00Z"), "week", "UTC")).toBe("2025-W01");
    expect(periodKeyOf(at("2024-12-28T12:00:00Z"), "week", "UTC")).toBe("2024-W52");
  });

  test("week 53: Saturday 2027-01-02 is in 2026-W53, the next Sunday opens 2027-W01", () => {
    expect(periodKeyOf(at("2027-01-02T12:00:00Z"), "week", "UTC")).toBe("2026-W53");
    expect(periodKeyOf(at("2027-01-03T12:00:00Z"), "week", "UTC")).toBe("2027-W01");
    expect(periodKeyOf(at("2021-01-02T12:00:00Z"), "week", "UTC")).toBe("2020-W53");
  });

  test("around every new year 1999-2032 each day's week key parses back to the Sunday-to-Saturday week holding it", () => {
    const DAY = 24 * HOUR;
    for (let year = 1999; year <= 2032; year++) {
      for (let t = Date.UTC(year - 1, 11, 26, 12); t < Date.UTC(year, 0, 7); t += DAY) {
        const key = periodKeyOf(new Date(t), "week", "UTC");
        const { start, end } = periodRange("week", key, "UTC");
        if (!(start.getTime() <= t && t < end.getTime() && start.getUTCDay() === 0)) {
          expect.fail(`${key} = ${start.toISOString()}..${end.toISOString()} should hold ${new Date(t).toISOString()}`);
        }
      }
    }
  });

  test("leap day and month ends", () => {
    expect(periodKeyOf(at("2024-02-29T12:00:00Z"), "day", "UTC")).toBe("2024-02-29");
    expect(periodKeyOf(at("2024-02-29T23:59:59.999Z"), "month", "UTC")).toBe("2024-02");
    expect(periodKeyOf(at("2024-03-01T00:00:00Z"), "month", "UTC")).toBe("2024-03");
  });

  test("rejects an unknown time zone and an invalid date", () => {
    expect(() => periodKeyOf(at("2025-03-04T12:00:00Z"), "day", "Mars/Olympus_Mons")).toThrow(RangeError);
    expect(() => periodKeyOf(new Date(Number.NaN), "day", "UTC")).toThrow(RangeError);
  });
});

describe("periodRange", () => {
  test("New York: the spring-forward day is 23 hours, from local midnight to local midnight", () => {
    const r = periodRange("day", "2025-03-09", "America/New_York");
    expect(iso(r)).toEqual({ start: "2025-03-09T05:00:00.000Z", end: "2025-03-10T04:00:00.000Z" });
    expect(hours(r)).toBe(23);
  });

  test("New York: the fall-back day is 25 hours", () => {
    const r = periodRange("day", "2025-11-02", "America/New_York");
    expect(iso(r)).toEqual({ start: "2025-11-02T04:00:00.000Z", end: "2025-11-03T05:00:00.000Z" });
    expect(hours(r)).toBe(25);
  });

  test("London: 23-hour day in March and 25-hour day in October", () => {
    const spring = periodRange("day", "2025-03-30", "Europe/London");
    expect(iso(spring)).toEqual({ start: "2025-03-30T00:00:00.000Z", end: "2025-03-30T23:00:00.000Z" });
    const autumn = periodRange("day", "2025-10-26", "Europe/London");
    expect(iso(autumn)).toEqual({ start: "2025-10-25T23:00:00.000Z", end: "2025-10-27T00:00:00.000Z" });
    expect([hours(spring), hours(autumn)]).toEqual([23, 25]);
  });

  test("a week and a month holding a DST change lose exactly one hour", () => {
    expect(hours(periodRange("week", "2025-W11", "America/New_York"))).toBe(7 * 24 - 1); // Sun 9 .. Sun 16 March
    expect(hours(periodRange("month", "2025-03", "America/New_York"))).toBe(31 * 24 - 1);
    expect(hours(periodRange("month", "2025-04", "Pacific/Auckland"))).toBe(30 * 24 + 1); // NZ DST ends 6 April
  });

  test("where DST skips midnight (Santiago), the day starts at the first real instant", () => {
    const r = periodRange("day", "2025-09-07", "America/Santiago");
    expect(iso(r)).toEqual({ start: "2025-09-07T04:00:00.000Z", end: "2025-09-08T03:00:00.000Z" });
  });

  test("a week runs Sunday 00:00 to the next Sunday 00:00", () => {
    expect(iso(periodRange("week", "2025-W10", "UTC"))).toEqual({
      start: "2025-03-02T00:00:00.000Z",
      end: "2025-03-09T00:00:00.000Z",
    });
    expect(iso(periodRange("week", "2025-W10", "Asia/Kolkata"))).toEqual({
      start: "2025-03-01T18:30:00.000Z",
      end: "2025-03-08T18:30:00.000Z",
    });
  });

  test("weeks across the year end and week 53", () => {
    expect(iso(periodRange("week", "2025-W01", "UTC"))).toEqual({
      start: "2024-12-29T00:00:00.000Z",
      end: "2025-01-05T00:00:00.000Z",
    });
    expect(iso(periodRange("week", "2020-W53", "UTC"))).toEqual({
      start: "2020-12-27T00:00:00.000Z",
      end: "2021-01-03T00:00:00.000Z",
    });
    expect(iso(periodRange("week", "2026-W53", "Pacific/Honolulu"))).toEqual({
      start: "2026-12-27T10:00:00.000Z",
      end: "2027-01-03T10:00:00.000Z",
    });
  });

  test("months: leap February, December into January, Auckland ahead of UTC", () => {
    expect(iso(periodRange("month", "2024-02", "UTC"))).toEqual({
      start: "2024-02-01T00:00:00.000Z",
      end: "2024-03-01T00:00:00.000Z",
    });
    expect(iso(periodRange("month", "2024-12", "Pacific/Auckland"))).toEqual({
      start: "2024-11-30T11:00:00.000Z",
      end: "2024-12-31T11:00:00.000Z",
    });
    expect(hours(periodRange("day", "2024-02-29", "Asia/Kolkata"))).toBe(24);
  });

  test("throws RangeError on an invalid key or time zone", () => {
    expect(() => periodRange("day", "2025-02-29", "UTC")).toThrow(RangeError);
    expect(() => periodRange("week", "2023-W53", "UTC")).toThrow(RangeError);
    expect(() => periodRange("month", "2025-13", "UTC")).toThrow(RangeError);
    expect(() => periodRange("day", "2025-03-05", "Not/AZone")).toThrow(RangeError);
  });

  // The keys, the ranges and the shifts must describe the same periods, otherwise the notes
  // listed and the navigator disagree.
  const zones = ["UTC", "America/New_York", "Europe/London", "Pacific/Auckland", "Asia/Kolkata", "America/Los_Angeles", "Pacific/Honolulu"];
  const samples: [Period, string, number][] = [
    // Chosen to cross both DST changes in each hemisphere and the 2020 and 2026 week-53 years.
    ["day", "2025-03-25", 20],
    ["day", "2025-09-20", 50],
    ["week", "2020-W50", 8],
    ["week", "2026-W08", 50],
    ["month", "2023-11", 18],
  ];
  test.each(zones)("in %s each range starts and ends inside its own key and the next one starts where it ends", (tz) => {
    for (const [period, firstKey, count] of samples) {
      let key = firstKey;
      for (let i = 0; i < count; i++) {
        const { start, end } = periodRange(period, key, tz);
        const next = shiftPeriodKey(period, key, 1);
        expect(periodKeyOf(start, period, tz)).toBe(key);
        expect(periodKeyOf(new Date(end.getTime() - 1), period, tz)).toBe(key);
        expect(periodKeyOf(end, period, tz)).toBe(next);
        expect(periodRange(period, next, tz).start.getTime()).toBe(end.getTime());
        key = next;
      }
    }
  });
});

describe("shiftPeriodKey", () => {
  test.each([
    ["day", "2024-12-31", 1, "2025-01-01"],
    ["day", "2025-01-01", -1, "2024-12-31"],
    ["day", "2024-02-28", 1, "2024-02-29"],
    ["day", "2025-02-28", 1, "2025-03-01"],
    ["day", "2025-03-05", 0, "2025-03-05"],
    ["day", "2025-03-05", 365, "2026-03-05"],
    ["week", "2020-W53", 1, "2021-W01"],
    ["week", "2021-W01", -1, "2020-W53"],
    ["week", "2025-W01", -1, "2024-W52"],
    ["week", "2026-W52", 1, "2026-W53"],
    ["week", "2026-W53", 1, "2027-W01"],
    ["week", "2025-W10", -52, "2024-W10"],
    ["month", "2024-12", 1, "2025-01"],
    ["month", "2025-01", -1, "2024-12"],
    ["month", "2025-01", 14, "2026-03"],
  ] as [Period, string, number, string][])("%s %s shifted by %i is %s", (period, key, delta, expected) => {
    expect(shiftPeriodKey(period, key, delta)).toBe(expected);
  });

  test("throws RangeError on an invalid key or a fractional shift", () => {
    expect(() => shiftPeriodKey("day", "2025-02-30", 1)).toThrow(RangeError);
    expect(() => shiftPeriodKey("week", "2025-W01", 0.5)).toThrow(RangeError);
  });
});

describe("periodStartsInFuture", () => {
  const now = at("2025-03-05T15:00:00Z"); // Wednesday, 10:00 in New York

  test("the current period has started; the next one has not", () => {
    const tz = "America/New_York";
    expect(periodStartsInFuture("day", "2025-03-05", tz, now)).toBe(false);
    expect(periodStartsInFuture("day", "2025-03-06", tz, now)).toBe(true);
    expect(periodStartsInFuture("week", "2025-W10", tz, now)).toBe(false);
    expect(periodStartsInFuture("week", "2025-W11", tz, now)).toBe(true);
    expect(periodStartsInFuture("month", "2025-03", tz, now)).toBe(false);
    expect(periodStartsInFuture("month", "2025-04", tz, now)).toBe(true);
    expect(periodStartsInFuture("month", "2024-12", tz, now)).toBe(false);
  });

  test("depends on the zone: Auckland's 6 March has begun while New York's has not", () => {
    const late = at("2025-03-05T11:30:00Z");
    expect(periodStartsInFuture("day", "2025-03-06", "Pacific/Auckland", late)).toBe(false);
    expect(periodStartsInFuture("day", "2025-03-06", "America/New_York", late)).toBe(true);
  });

  test("a period starting exactly now is not in the future", () => {
    expect(periodStartsInFuture("day", "2025-03-06", "UTC", at("2025-03-06T00:00:00Z"))).toBe(false);
  });
});
