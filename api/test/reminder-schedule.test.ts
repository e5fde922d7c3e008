import { describe, expect, test } from "vitest";
import { nextReminder, type ReminderSchedule } from "../src/reminders/schedule.js";

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const due = (s: ReminderSchedule, after: string, fromDay?: string) => {
  const next = nextReminder(s, new Date(after), fromDay);
  return next && `${next.day} ${next.dueAt.toISOString()}`;
};

describe("the next reminder, with a frozen clock", () => {
  test("20:00 in two zones: the same local time, different instants", () => {
    const berlin = { minutes: 20 * 60, days: EVERY_DAY, tz: "Europe/Berlin" };
    const ny = { minutes: 20 * 60, days: EVERY_DAY, tz: "America/New_York" };
    // 12:00 UTC on 10 January: 13:00 in Berlin, 07:00 in New York — both still before 20:00.
    expect(due(berlin, "2026-01-10T12:00:00Z")).toBe("2026-01-10 2026-01-10T19:00:00.000Z");
    expect(due(ny, "2026-01-10T12:00:00Z")).toBe("2026-01-10 2026-01-11T01:00:00.000Z");
    // 21:00 in Berlin is past today's: tomorrow's. 21:00 UTC is 16:00 in New York: today's still.
    expect(due(berlin, "2026-01-10T20:00:00Z")).toBe("2026-01-11 2026-01-11T19:00:00.000Z");
    expect(due(ny, "2026-01-10T21:00:00Z")).toBe("2026-01-10 2026-01-11T01:00:00.000Z");
  });

  test("stays at the local time across the spring and autumn DST changes", () => {
    const berlin = { minutes: 20 * 60, days: EVERY_DAY, tz: "Europe/Berlin" };
    // The evening before the change (CET, +1) and the evening of it (CEST, +2).
    expect(due(berlin, "2026-03-28T12:00:00Z")).toBe("2026-03-28 2026-03-28T19:00:00.000Z");
    expect(due(berlin, "2026-03-28T19:00:00Z")).toBe("2026-03-29 2026-03-29T18:00:00.000Z");
    // Autumn: back to +1 on 25 October.
    expect(due(berlin, "2026-10-24T18:00:00Z")).toBe("2026-10-25 2026-10-25T19:00:00.000Z");
    const ny = { minutes: 20 * 60, days: EVERY_DAY, tz: "America/New_York" };
    expect(due(ny, "2026-03-08T01:00:00Z")).toBe("2026-03-08 2026-03-09T00:00:00.000Z");
    expect(due(ny, "2026-11-01T01:00:00Z")).toBe("2026-11-01 2026-11-02T01:00:00.000Z");
  });

  test("a time the clocks skip moves forward by the gap; one they show twice is its first", () => {
    const skipped = { minutes: 2 * 60 + 30, days: EVERY_DAY, tz: "America/New_York" };
    // 8 March 2026: 02:00 EST -> 03:00 EDT; 02:30 does not exist, 03:30 EDT is 07:30 UTC.
    expect(due(skipped, "2026-03-08T05:00:00Z")).toBe("2026-03-08 2026-03-08T07:30:00.000Z");
    const twice = { minutes: 60 + 30, days: EVERY_DAY, tz: "America/New_York" };
    // 1 November 2026: 01:30 EDT (05:30 UTC) comes before 01:30 EST (06:30 UTC).
    expect(due(twice, "2026-11-01T04:00:00Z")).toBe("2026-11-01 2026-11-01T05:30:00.000Z");
    // After the first 01:30, the day's reminder is done: the next one is the next day's.
    expect(due(twice, "2026-11-01T05:30:00Z", "2026-11-02")).toBe("2026-11-02 2026-11-02T06:30:00.000Z");
    const berlin = { minutes: 2 * 60 + 30, days: EVERY_DAY, tz: "Europe/Berlin" };
    expect(due(berlin, "2026-03-29T00:00:00Z")).toBe("2026-03-29 2026-03-29T01:30:00.000Z");
    expect(due(berlin, "2026-10-25T00:00:00Z")).toBe("2026-10-25 2026-10-25T00:30:00.000Z");
  });

  test("only on the chosen weekdays (Monday = 1)", () => {
    const weekdays = { minutes: 8 * 60, days: [1, 2, 3, 4, 5], tz: "Asia/Tokyo" };
    // Friday 9 January 2026, 09:00 in Tokyo: past Friday's 08:00, so Monday the 12th.
    expect(due(weekdays, "2026-01-09T00:00:00Z")).toBe("2026-01-12 2026-01-11T23:00:00.000Z");
    expect(due({ ...weekdays, days: [7] }, "2026-01-09T00:00:00Z")).toBe("2026-01-11 2026-01-10T23:00:00.000Z");
    expect(due({ ...weekdays, days: [] }, "2026-01-09T00:00:00Z")).toBeNull();
  });
});
