import { describe, expect, test } from "vitest";
import { dueReminders, reminderAt, type ReminderSchedule } from "../src/reminders/schedule.js";

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const HOUR = 3600_000;
const at = (s: ReminderSchedule, day: string) => reminderAt(s, day)?.toISOString() ?? null;
const due = (s: ReminderSchedule, now: string, since = "2000-01-01T00:00:00Z") =>
  dueReminders(s, new Date(now), new Date(since), 2 * HOUR).map((r) => `${r.day} ${r.dueAt.toISOString()}`);

describe("when a reminder is due, with a frozen clock", () => {
  const berlin = { minutes: 20 * 60, days: EVERY_DAY, tz: "Europe/Berlin" };
  const ny = { minutes: 20 * 60, days: EVERY_DAY, tz: "America/New_York" };

  test("20:00 in two zones: the same local time, different instants", () => {
    expect(at(berlin, "2026-01-10")).toBe("2026-01-10T19:00:00.000Z");
    expect(at(ny, "2026-01-10")).toBe("2026-01-11T01:00:00.000Z");
    // 19:00 UTC: Berlin's has come; New York's (14:00 there) has not.
    expect(due(berlin, "2026-01-10T19:00:30Z")).toEqual(["2026-01-10 2026-01-10T19:00:00.000Z"]);
    expect(due(ny, "2026-01-10T19:00:30Z")).toEqual([]);
    // Just after midnight UTC New York's evening reminder of the 10th is still its "today".
    expect(due(ny, "2026-01-11T01:00:30Z")).toEqual(["2026-01-10 2026-01-11T01:00:00.000Z"]);
  });

  test("stays at the local time across the spring and autumn DST changes", () => {
    expect(at(berlin, "2026-03-28")).toBe("2026-03-28T19:00:00.000Z"); // CET, +1
    expect(at(berlin, "2026-03-29")).toBe("2026-03-29T18:00:00.000Z"); // CEST, +2, the day of the change
    expect(at(berlin, "2026-10-25")).toBe("2026-10-25T19:00:00.000Z"); // back to +1
    expect(at(ny, "2026-03-08")).toBe("2026-03-09T00:00:00.000Z");
    expect(at(ny, "2026-11-01")).toBe("2026-11-02T01:00:00.000Z");
    expect(due(berlin, "2026-03-29T18:00:01Z")).toEqual(["2026-03-29 2026-03-29T18:00:00.000Z"]);
  });

  test("a time the clocks skip moves forward by the gap; one they show twice is its first", () => {
    // 8 March 2026 in New York: 02:00 EST -> 03:00 EDT; 02:30 does not exist, 03:30 EDT is 07:30 UTC.
    expect(at({ minutes: 150, days: EVERY_DAY, tz: "America/New_York" }, "2026-03-08")).toBe("2026-03-08T07:30:00.000Z");
    // 1 November 2026: 01:30 EDT (05:30 UTC) comes before 01:30 EST (06:30 UTC).
    expect(at({ minutes: 90, days: EVERY_DAY, tz: "America/New_York" }, "2026-11-01")).toBe("2026-11-01T05:30:00.000Z");
    expect(at({ minutes: 150, days: EVERY_DAY, tz: "Europe/Berlin" }, "2026-03-29")).toBe("2026-03-29T01:30:00.000Z");
    expect(at({ minutes: 150, days: EVERY_DAY, tz: "Europe/Berlin" }, "2026-10-25")).toBe("2026-10-25T00:30:00.000Z");
  });

  test("only on the chosen weekdays (Monday = 1)", () => {
    const weekdays = { minutes: 8 * 60, days: [1, 2, 3, 4, 5], tz: "Asia/Tokyo" };
    expect(at(weekdays, "2026-01-09")).toBe("2026-01-08T23:00:00.000Z"); // Friday
    expect(at(weekdays, "2026-01-10")).toBeNull(); // Saturday
    expect(at({ ...weekdays, days: [] }, "2026-01-09")).toBeNull();
  });

  test("not before its time, not hours late, and not for a time that had passed when the settings were saved", () => {
    expect(due(berlin, "2026-01-10T18:59:59Z")).toEqual([]);
    expect(due(berlin, "2026-01-10T21:00:00Z")).toEqual(["2026-01-10 2026-01-10T19:00:00.000Z"]);
    expect(due(berlin, "2026-01-10T21:00:01Z")).toEqual([]);
    expect(due(berlin, "2026-01-10T19:30:00Z", "2026-01-10T19:10:00Z")).toEqual([]);
    expect(due(berlin, "2026-01-11T19:00:00Z", "2026-01-10T19:10:00Z")).toEqual(["2026-01-11 2026-01-11T19:00:00.000Z"]);
  });
});
