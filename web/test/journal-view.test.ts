import { describe, expect, it } from "vitest";
import { navigatorLabels } from "../src/features/journal-view/navigator-labels";
import { choosePeriod, chooseTab, goToDay, shiftPeriod } from "../src/features/journal-view/moves";
import { validateJournalSearch, type JournalSearch } from "../src/features/journal-view/search-params";

const UTC = "UTC";

/** The navigator as the main screen drives it: the URL search → the viewed day → the labels. */
function labelsFor(search: JournalSearch, todayKey: string, now: Date, timeZone = UTC) {
  return navigatorLabels(search.view ?? "day", search.date ?? todayKey, timeZone, now);
}

describe("choosing a pill", () => {
  it("resets the viewed date to today and keeps the tab", () => {
    expect(choosePeriod({ view: "week", date: "2025-01-08", tab: "summary" }, "month", "2025-03-05")).toEqual({ view: "month", tab: "summary" });
    expect(choosePeriod({ date: "2025-01-08" }, "week", "2025-03-05")).toEqual({ view: "week" });
  });

  it("resets to today even when the pill is the one already chosen", () => {
    expect(choosePeriod({ view: "week", date: "2025-02-20" }, "week", "2025-03-05")).toEqual({ view: "week" });
  });

  it("leaves the defaults out of the address (day view, today, Notes)", () => {
    expect(choosePeriod({ view: "month", tab: "notes" }, "day", "2025-03-05")).toEqual({});
  });
});

describe("previous and next", () => {
  it("move a day view one day, and back to today drops the date", () => {
    expect(shiftPeriod({}, -1, "2025-03-01")).toEqual({ date: "2025-02-28" });
    expect(shiftPeriod({ date: "2025-02-28" }, 1, "2025-03-01")).toEqual({});
  });

  it("move a week view to the Sunday that starts the week", () => {
    // 2025-03-05 is a Wednesday; last week ran Sunday 23 Feb to Saturday 1 March.
    expect(shiftPeriod({ view: "week" }, -1, "2025-03-05")).toEqual({ view: "week", date: "2025-02-23" });
    expect(shiftPeriod({ view: "week", date: "2025-02-23" }, 1, "2025-03-05")).toEqual({ view: "week" });
  });

  it("move a month view across the year end", () => {
    expect(shiftPeriod({ view: "month" }, -1, "2025-01-15")).toEqual({ view: "month", date: "2024-12-01" });
    expect(shiftPeriod({ view: "month", date: "2024-12-01" }, -1, "2025-01-15")).toEqual({ view: "month", date: "2024-11-01" });
    expect(shiftPeriod({ view: "month", date: "2024-12-01" }, 1, "2025-01-15")).toEqual({ view: "month" });
  });

  it("keep the tab", () => {
    expect(shiftPeriod({ view: "week", tab: "summary" }, -1, "2025-03-05")).toEqual({ view: "week", date: "2025-02-23", tab: "summary" });
  });
});

describe("go to date", () => {
  it("switches a week or month view to the day view on the chosen day", () => {
    expect(goToDay({ view: "week", tab: "chat" }, "2025-02-10", "2025-03-05")).toEqual({ date: "2025-02-10", tab: "chat" });
    expect(goToDay({ view: "month", date: "2024-12-01" }, "2025-03-05", "2025-03-05")).toEqual({});
  });

  it("ignores a value that is not a day", () => {
    expect(goToDay({ view: "week" }, "", "2025-03-05")).toEqual({ view: "week" });
    expect(goToDay({ view: "week" }, "2025-02-30", "2025-03-05")).toEqual({ view: "week" });
  });
});

describe("tabs and the address", () => {
  it("choosing a tab keeps the period and day", () => {
    expect(chooseTab({ view: "week", date: "2025-02-23" }, "summary", "2025-03-05")).toEqual({ view: "week", date: "2025-02-23", tab: "summary" });
    expect(chooseTab({ tab: "summary" }, "notes", "2025-03-05")).toEqual({});
  });

  it("reads only valid values from the address", () => {
    expect(validateJournalSearch({ view: "year", date: "2025-13-01", tab: "x" })).toEqual({});
    expect(validateJournalSearch({ view: "month", date: "2025-02-28", tab: "chat" })).toEqual({ view: "month", date: "2025-02-28", tab: "chat" });
  });
});

describe("the navigator as the screen shows it", () => {
  it("on the last day of a month: Today, the full date, Next disabled; a day earlier is Yesterday", () => {
    const now = new Date("2025-01-31T18:00:00Z");
    expect(labelsFor({}, "2025-01-31", now)).toEqual({ headline: "Today", subLabel: "Friday, January 31, 2025", nextDisabled: true });
    const back = shiftPeriod({}, -1, "2025-01-31");
    expect(labelsFor(back, "2025-01-31", now)).toEqual({ headline: "Yesterday", subLabel: "Thursday, January 30, 2025", nextDisabled: false });
  });

  it("month view across a month end: Next is disabled in the current month only", () => {
    const now = new Date("2025-03-01T09:00:00Z");
    expect(labelsFor({ view: "month" }, "2025-03-01", now)).toEqual({ headline: "March 2025", subLabel: "2025", nextDisabled: true });
    const february = shiftPeriod({ view: "month" }, -1, "2025-03-01");
    expect(labelsFor(february, "2025-03-01", now)).toEqual({ headline: "February 2025", subLabel: "2025", nextDisabled: false });
  });

  it("across the year end: December is last year, Next enabled; the new year's first week is This Week", () => {
    const now = new Date("2025-01-01T10:00:00Z"); // a Wednesday
    const december = shiftPeriod({ view: "month" }, -1, "2025-01-01");
    expect(labelsFor(december, "2025-01-01", now)).toEqual({ headline: "December 2024", subLabel: "2024", nextDisabled: false });
    expect(labelsFor({ view: "week" }, "2025-01-01", now)).toEqual({ headline: "This Week", subLabel: "Week 1, 2025", nextDisabled: true });
    const lastWeek = shiftPeriod({ view: "week" }, -1, "2025-01-01");
    expect(labelsFor(lastWeek, "2025-01-01", now)).toEqual({ headline: "Last Week", subLabel: "Week 52, 2024", nextDisabled: false });
    const twoBack = shiftPeriod(lastWeek, -1, "2025-01-01");
    expect(labelsFor(twoBack, "2025-01-01", now)).toEqual({ headline: "Dec 15 - Dec 21", subLabel: "Week 51, 2024", nextDisabled: false });
    expect(labelsFor({ date: "2024-12-31" }, "2025-01-01", now)).toEqual({ headline: "Yesterday", subLabel: "Tuesday, December 31, 2024", nextDisabled: false });
  });

  it("on a Saturday night the next week starts tomorrow: Next stays disabled", () => {
    const now = new Date("2025-03-08T23:59:00Z"); // Saturday
    expect(labelsFor({ view: "week" }, "2025-03-08", now).nextDisabled).toBe(true);
  });

  it("uses the browser's zone: already tomorrow far east of UTC", () => {
    const now = new Date("2025-12-31T12:00:00Z"); // 1 January 2026, 2 AM in Kiritimati
    const zone = "Pacific/Kiritimati";
    expect(labelsFor({ view: "month" }, "2026-01-01", now, zone)).toEqual({ headline: "January 2026", subLabel: "2026", nextDisabled: true });
    expect(labelsFor({ view: "month", date: "2025-12-01" }, "2026-01-01", now, zone).nextDisabled).toBe(false);
    // In UTC the same instant is still December, whose next month has not begun.
    expect(labelsFor({ view: "month" }, "2025-12-31", now, UTC).nextDisabled).toBe(true);
  });
});
