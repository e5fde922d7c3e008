import { describe, expect, test } from "vitest";
import {
  defaultNoteTitle,
  firstDayOfPeriod,
  periodKeyOfDay,
  formatDuration,
  formatNoteTimestamp,
  isNextPeriodDisabled,
  noteCreatedAt,
  periodHeadline,
  periodSubLabel,
} from "../src/navigator.js";

const NY = "America/New_York";
const at = (iso: string) => new Date(iso);
// Wednesday 5 March 2025, 3:04 PM in New York (EST, UTC-5).
const now = at("2025-03-05T20:04:00Z");

describe("periodHeadline", () => {
  test("day: Today, Yesterday, otherwise weekday with month and day", () => {
    expect(periodHeadline("day", "2025-03-05", NY, now)).toBe("Today");
    expect(periodHeadline("day", "2025-03-04", NY, now)).toBe("Yesterday");
    expect(periodHeadline("day", "2025-03-03", NY, now)).toBe("Monday, March 3");
    expect(periodHeadline("day", "2024-12-31", NY, now)).toBe("Tuesday, December 31");
  });

  test("day: which day is today depends on the zone", () => {
    const late = at("2025-03-05T11:30:00Z"); // already 6 March in Auckland
    expect(periodHeadline("day", "2025-03-06", "Pacific/Auckland", late)).toBe("Today");
    expect(periodHeadline("day", "2025-03-05", "Pacific/Auckland", late)).toBe("Yesterday");
    expect(periodHeadline("day", "2025-03-05", NY, late)).toBe("Today");
  });

  test("day: Yesterday across the year end", () => {
    expect(periodHeadline("day", "2024-12-31", "UTC", at("2025-01-01T08:00:00Z"))).toBe("Yesterday");
  });

  test("week: This Week, Last Week, otherwise the Sunday-Saturday range", () => {
    expect(periodHeadline("week", "2025-W10", NY, now)).toBe("This Week");
    expect(periodHeadline("week", "2025-W09", NY, now)).toBe("Last Week");
    expect(periodHeadline("week", "2025-W08", NY, now)).toBe("Feb 16 - Feb 22");
    expect(periodHeadline("week", "2025-W10", NY, at("2025-03-20T12:00:00Z"))).toBe("Mar 2 - Mar 8");
  });

  test("week: on a Sunday the week just starting is This Week", () => {
    const sunday = at("2025-03-09T15:00:00Z");
    expect(periodHeadline("week", "2025-W11", NY, sunday)).toBe("This Week");
    expect(periodHeadline("week", "2025-W10", NY, sunday)).toBe("Last Week");
  });

  test("week: a range crossing the year shows both years", () => {
    expect(periodHeadline("week", "2025-W01", NY, now)).toBe("Dec 29, 2024 - Jan 4, 2025");
    expect(periodHeadline("week", "2026-W53", NY, now)).toBe("Dec 27, 2026 - Jan 2, 2027");
    expect(periodHeadline("week", "2025-W02", NY, now)).toBe("Jan 5 - Jan 11");
  });

  test("week: Last Week reaches back over the year end", () => {
    expect(periodHeadline("week", "2020-W53", "UTC", at("2021-01-05T12:00:00Z"))).toBe("Last Week");
  });

  test("month: month name and year", () => {
    expect(periodHeadline("month", "2025-03", NY, now)).toBe("March 2025");
    expect(periodHeadline("month", "2024-12", NY, now)).toBe("December 2024");
  });

  test("throws RangeError on an invalid key", () => {
    expect(() => periodHeadline("day", "2025-02-29", NY, now)).toThrow(RangeError);
  });
});

describe("periodSubLabel", () => {
  test("day: the full date", () => {
    expect(periodSubLabel("day", "2025-03-05")).toBe("Wednesday, March 5, 2025");
    expect(periodSubLabel("day", "2024-02-29")).toBe("Thursday, February 29, 2024");
  });

  test("week: Week N, ISO week-year", () => {
    expect(periodSubLabel("week", "2025-W10")).toBe("Week 10, 2025");
    expect(periodSubLabel("week", "2025-W01")).toBe("Week 1, 2025");
    expect(periodSubLabel("week", "2026-W53")).toBe("Week 53, 2026");
  });

  test("month: the year", () => {
    expect(periodSubLabel("month", "2025-03")).toBe("2025");
  });

  test("throws RangeError on an invalid key", () => {
    expect(() => periodSubLabel("week", "2023-W53")).toThrow(RangeError);
  });
});

describe("isNextPeriodDisabled", () => {
  test("disabled on the current period, enabled on earlier ones", () => {
    expect(isNextPeriodDisabled("day", "2025-03-05", NY, now)).toBe(true);
    expect(isNextPeriodDisabled("day", "2025-03-04", NY, now)).toBe(false);
    expect(isNextPeriodDisabled("week", "2025-W10", NY, now)).toBe(true);
    expect(isNextPeriodDisabled("week", "2025-W09", NY, now)).toBe(false);
    expect(isNextPeriodDisabled("month", "2025-03", NY, now)).toBe(true);
    expect(isNextPeriodDisabled("month", "2025-02", NY, now)).toBe(false);
  });
});

describe("formatNoteTimestamp", () => {
  test("Today, Yesterday, otherwise weekday with month and day, each with the local time", () => {
    expect(formatNoteTimestamp(at("2025-03-05T20:04:00Z"), NY, now)).toBe("Today at 3:04 PM");
    expect(formatNoteTimestamp(at("2025-03-04T14:15:00Z"), NY, now)).toBe("Yesterday at 9:15 AM");
    expect(formatNoteTimestamp(at("2025-03-03T05:00:00Z"), NY, now)).toBe("Monday, March 3 at 12:00 AM");
  });

  test("the same instant reads differently in another zone", () => {
    const instant = at("2025-03-05T04:30:00Z");
    expect(formatNoteTimestamp(instant, NY, now)).toBe("Yesterday at 11:30 PM");
    expect(formatNoteTimestamp(instant, "UTC", now)).toBe("Today at 4:30 AM");
    // In Kolkata "now" is already 1:34 AM on 6 March.
    expect(formatNoteTimestamp(instant, "Asia/Kolkata", now)).toBe("Yesterday at 10:00 AM");
  });
});

describe("formatDuration", () => {
  test.each([
    [0, "0:00"],
    [7, "0:07"],
    [59.9, "0:59"],
    [65, "1:05"],
    [600, "10:00"],
    [4503, "75:03"],
    [-3, "0:00"],
    [Number.NaN, "0:00"],
  ])("%d seconds shows %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe("defaultNoteTitle and noteCreatedAt", () => {
  test("without a viewed date: today and the current time", () => {
    expect(defaultNoteTitle(undefined, now, NY)).toBe("Wednesday, March 5 at 3:04 PM");
    expect(noteCreatedAt(undefined, now, NY).toISOString()).toBe(now.toISOString());
  });

  test("with a viewed day key: that day and the current time", () => {
    expect(defaultNoteTitle("2025-03-03", now, NY)).toBe("Monday, March 3 at 3:04 PM");
    expect(noteCreatedAt("2025-03-03", now, NY).toISOString()).toBe("2025-03-03T20:04:00.000Z");
  });

  test("with a viewed instant: its local day in the zone", () => {
    const viewed = at("2025-03-03T02:00:00Z"); // still Sunday 2 March in New York
    expect(defaultNoteTitle(viewed, now, NY)).toBe("Sunday, March 2 at 3:04 PM");
    expect(noteCreatedAt(viewed, now, NY).toISOString()).toBe("2025-03-02T20:04:00.000Z");
  });

  test("createdAt keeps the local time of day across a DST change", () => {
    // Viewing Monday 10 March (EDT, UTC-4) while it is 3:04 PM EST on 5 March.
    expect(noteCreatedAt("2025-03-10", now, NY).toISOString()).toBe("2025-03-10T19:04:00.000Z");
  });

  test("the time is the local time in the given zone", () => {
    expect(defaultNoteTitle(undefined, now, "Asia/Kolkata")).toBe("Thursday, March 6 at 1:34 AM");
  });
});

describe("periodKeyOfDay and firstDayOfPeriod", () => {
  test.each([
    ["day", "2025-03-05", "2025-03-05", "2025-03-05"],
    ["week", "2025-03-05", "2025-W10", "2025-03-02"],
    // A Sunday starts the week of the Monday after it.
    ["week", "2025-03-09", "2025-W11", "2025-03-09"],
    ["week", "2024-12-31", "2025-W01", "2024-12-29"],
    ["month", "2025-03-05", "2025-03", "2025-03-01"],
  ] as const)("%s of %s is %s, starting %s", (period, day, key, first) => {
    expect(periodKeyOfDay(period, day)).toBe(key);
    expect(firstDayOfPeriod(period, key)).toBe(first);
  });
});
