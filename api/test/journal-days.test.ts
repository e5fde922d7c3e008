import { addDaysToKey, instantOfLocalTime, periodKeyOf, type CalendarMonth, type OnThisDay } from "@vj/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { streaksOf } from "../src/services/calendar.js";
import { firstLineOf, lookBacks } from "../src/services/on-this-day.js";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { seedNotes } from "./support/notes.js";

describe("streaks from the days written", () => {
  const today = "2026-03-14";
  test("a gap ends a streak; the longest run is kept", () => {
    const days = ["2026-03-14", "2026-03-13", "2026-03-12", "2026-03-10", "2026-03-09", "2026-03-08", "2026-03-07", "2026-03-06"];
    expect(streaksOf(days, today)).toEqual({ current: 3, longest: 5 });
  });
  test("today not yet recorded does not break the streak", () => {
    expect(streaksOf(["2026-03-13", "2026-03-12"], today)).toEqual({ current: 2, longest: 2 });
  });
  test("nothing since the day before yesterday: no current streak", () => {
    expect(streaksOf(["2026-03-12", "2026-03-11"], today)).toEqual({ current: 0, longest: 2 });
  });
  test("a note dated after today is not counted", () => {
    expect(streaksOf(["2026-03-20", "2026-03-14"], today)).toEqual({ current: 1, longest: 1 });
  });
  test("no notes", () => expect(streaksOf([], today)).toEqual({ current: 0, longest: 0 }));
});

describe("On This Day's days", () => {
  const days = (date: string, first = 2020) => lookBacks(date, first).map((b) => `${b.kind}:${b.days.join("+")}`);
  test("one month ago, then the same date in every earlier year", () => {
    expect(days("2026-03-10", 2024)).toEqual(["month:2026-02-10", "year:2025-03-10", "year:2024-03-10"]);
    expect(days("2026-01-05", 2025)).toEqual(["month:2025-12-05", "year:2025-01-05"]);
  });
  test("29 February: on the 29th in leap years, on the 28th in the others", () => {
    expect(days("2028-02-29", 2023)).toEqual(["month:2028-01-29", "year:2024-02-29"]);
    expect(days("2025-02-28", 2023)).toEqual(["month:2025-01-28", "year:2024-02-28+2024-02-29", "year:2023-02-28"]);
    expect(days("2028-02-28", 2024)).toEqual(["month:2028-01-28", "year:2027-02-28", "year:2026-02-28", "year:2025-02-28", "year:2024-02-28"]);
  });
  test("a day the month before lacks has no month-ago day", () => {
    expect(days("2026-03-31", 2026)).toEqual([]);
  });
  test("the first line of a transcript", () => {
    expect(firstLineOf("\n  First words here.\nSecond line", false)).toBe("First words here.");
    expect(firstLineOf("ERROR: decoder failed", false)).toBeNull();
    expect(firstLineOf("fine", true)).toBeNull();
    expect(firstLineOf(null, false)).toBeNull();
    const long = firstLineOf("word ".repeat(60), false)!;
    expect(long.length).toBeLessThanOrEqual(141);
    expect(long.endsWith("word…")).toBe(true);
  });
});

describe.each(dbKinds)("calendar and On This Day on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let home: string;
  let work: string;

  const calendar = async (query: string, who = user) => {
    const res = await call(t, "GET", `/api/calendar?${query}`, { user: who });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as CalendarMonth;
  };
  const counts = (m: CalendarMonth) => Object.fromEntries(m.days.map((d) => [d.date, d.notes]));

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await createUser(t.deps);
    other = await createUser(t.deps);
    home = (await createDomain(t, user, { name: "Home", isDefault: true })).id;
    work = (await createDomain(t, user, { name: "Work" })).id;
    const intruderDomain = (await createDomain(t, other, { name: "Theirs", isDefault: true })).id;
    await seedNotes(t, user.id, home, [
      // Either side of midnight UTC on 9/10 March 2026.
      { at: "2026-03-09T23:30:00Z", duration: 60 },
      { at: "2026-03-10T00:30:00Z", duration: 90 },
      // Berlin's spring forward (29 March 2026, 02:00 -> 03:00): its 29th is 23 hours long.
      { at: "2026-03-28T23:30:00Z" }, // 00:30 CET on the 29th
      { at: "2026-03-29T21:59:00Z" }, // 23:59 CEST on the 29th
      { at: "2026-03-29T22:30:00Z" }, // 00:30 CEST on the 30th
      // Berlin's fall back (25 October 2026): its 25th is 25 hours long.
      { at: "2026-10-24T22:30:00Z" }, // 00:30 CEST on the 25th
      { at: "2026-10-25T22:30:00Z" }, // 23:30 CET on the 25th
    ]);
    await seedNotes(t, user.id, work, [{ at: "2026-03-10T12:00:00Z", duration: 15 }]);
    // Another person's notes on the same days are never counted.
    await seedNotes(t, other.id, intruderDomain, [
      { at: "2026-03-10T12:00:00Z" },
      { at: "2026-03-29T12:00:00Z" },
      { at: "2025-03-10T12:00:00Z", title: "Not yours" },
    ]);
  });
  afterAll(() => t.close());

  test("counts notes by the person's local day at a day boundary", async () => {
    expect(counts(await calendar(`month=2026-03&tz=UTC&domainId=${home}`))).toMatchObject({ "2026-03-09": 1, "2026-03-10": 1 });
    expect(counts(await calendar(`month=2026-03&tz=Asia/Tokyo&domainId=${home}`))).toMatchObject({ "2026-03-10": 2 });
    const la = await calendar(`month=2026-03&tz=America/Los_Angeles&domainId=${home}`);
    expect(counts(la)).toMatchObject({ "2026-03-09": 2 });
    expect(la.days.find((d) => d.date === "2026-03-09")!.duration).toBe(150);
  });

  test("counts the days of a DST change by the local clock", async () => {
    const berlin = await calendar(`month=2026-03&tz=Europe/Berlin&domainId=${home}`);
    expect(counts(berlin)).toEqual({ "2026-03-10": 2, "2026-03-29": 2, "2026-03-30": 1 });
    expect(counts(await calendar(`month=2026-03&tz=UTC&domainId=${home}`))).toMatchObject({ "2026-03-28": 1, "2026-03-29": 2 });
    expect(counts(await calendar(`month=2026-10&tz=Europe/Berlin&domainId=${home}`))).toEqual({ "2026-10-25": 2 });
    // The last note of March in Berlin is 00:30 on 30 March; a month's edge in another zone moves it.
    expect(counts(await calendar(`month=2026-04&tz=Europe/Berlin&domainId=${home}`))).toEqual({});
  });

  test("one collection, or every collection of the person; never another person's", async () => {
    expect(counts(await calendar(`month=2026-03&tz=UTC&domainId=${work}`))).toEqual({ "2026-03-10": 1 });
    const all = await calendar("month=2026-03&tz=UTC");
    expect(counts(all)).toEqual({ "2026-03-09": 1, "2026-03-10": 2, "2026-03-28": 1, "2026-03-29": 2 });
    expect(all.month).toBe("2026-03");
    const theirs = await calendar("month=2026-03&tz=UTC", other);
    expect(counts(theirs)).toEqual({ "2026-03-10": 1, "2026-03-29": 1 });
    await expectError(await call(t, "GET", `/api/calendar?month=2026-03&domainId=${home}`, { user: other }), 404, "not_found");
  });

  test("streaks: a gap breaks one, today not yet recorded does not", async () => {
    const tz = "Pacific/Auckland";
    const person = await createUser(t.deps);
    const domain = (await createDomain(t, person, { name: "Streaks", isDefault: true })).id;
    const today = periodKeyOf(new Date(), "day", tz);
    const noon = (back: number) => instantOfLocalTime(addDaysToKey(today, -back), 12 * 60, tz);
    // Yesterday and the two days before, a gap, then five days in a row; nothing yet today.
    await seedNotes(t, person.id, domain, [1, 2, 3, 5, 6, 7, 8, 9].map((back) => ({ at: noon(back) })));
    const month = today.slice(0, 7);
    let cal = await calendar(`month=${month}&tz=${encodeURIComponent(tz)}`, person);
    expect(cal.today).toBe(today);
    expect(cal.streak).toEqual({ current: 3, longest: 5 });
    // A note today extends it.
    await seedNotes(t, person.id, domain, [{ at: new Date(Date.now() - 60_000) }]);
    cal = await calendar(`month=${month}&tz=${encodeURIComponent(tz)}`, person);
    expect(cal.streak).toEqual({ current: 4, longest: 5 });
    // In a collection without those notes there is no streak.
    const empty = (await createDomain(t, person, { name: "Empty" })).id;
    expect((await calendar(`month=${month}&tz=UTC&domainId=${empty}`, person)).streak).toEqual({ current: 0, longest: 0 });
  });

  test("On This Day: a year back, a month back, with the collection and the first line", async () => {
    const person = await createUser(t.deps);
    const journal = (await createDomain(t, person, { name: "Journal", isDefault: true })).id;
    const travel = (await createDomain(t, person, { name: "Travel", primaryColor: "#f59e0b" })).id;
    await seedNotes(t, person.id, journal, [
      { at: "2025-03-10T08:00:00Z", title: "Spring walk", transcription: "The river was high.\nThen rain." },
      { at: "2026-02-10T08:00:00Z", title: "A month ago" },
      { at: "2026-03-09T08:00:00Z", title: "Yesterday" },
    ]);
    await seedNotes(t, person.id, travel, [
      { at: "2024-03-10T20:00:00Z", title: "Lisbon", transcription: null },
      ...[1, 2, 3, 4].map((h) => ({ at: `2024-03-10T0${h}:00:00Z`, title: `Early ${h}` })),
    ]);
    const res = await call(t, "GET", "/api/on-this-day?date=2026-03-10&tz=UTC", { user: person });
    const body = (await res.json()) as OnThisDay;
    expect(body.groups.map((g) => [g.kind, g.date, g.yearsAgo, g.total])).toEqual([
      ["month", "2026-02-10", 0, 1],
      ["year", "2025-03-10", 1, 1],
      ["year", "2024-03-10", 2, 5],
    ]);
    expect(body.groups[1]!.notes[0]).toMatchObject({ title: "Spring walk", firstLine: "The river was high.", domainName: "Journal", domainSlug: "journal" });
    // At most three of a day, oldest first; Lisbon (the fifth) is counted in `total` only.
    expect(body.groups[2]!.notes.map((n) => [n.title, n.domainName, n.domainColor])).toEqual([
      ["Early 1", "Travel", "#f59e0b"],
      ["Early 2", "Travel", "#f59e0b"],
      ["Early 3", "Travel", "#f59e0b"],
    ]);
    // Tokyo's 10 March 2024 ends at 15:00 UTC: Lisbon (20:00 UTC) is its 11th.
    const tokyo = (await (await call(t, "GET", "/api/on-this-day?date=2026-03-11&tz=Asia/Tokyo", { user: person })).json()) as OnThisDay;
    expect(tokyo.groups.find((g) => g.date === "2024-03-11")!.notes.map((n) => [n.title, n.firstLine])).toEqual([["Lisbon", null]]);
    // Nothing back then: nothing shows.
    expect(((await (await call(t, "GET", "/api/on-this-day?date=2026-03-20&tz=UTC", { user: person })).json()) as OnThisDay).groups).toEqual([]);
    // Another person never sees them, and theirs never show here.
    const mine = (await (await call(t, "GET", "/api/on-this-day?date=2026-03-10&tz=UTC", { user: other })).json()) as OnThisDay;
    expect(mine.groups.flatMap((g) => g.notes.map((n) => n.title))).toEqual(["Not yours"]);
  });

  test("On This Day across a leap day", async () => {
    const person = await createUser(t.deps);
    const domain = (await createDomain(t, person, { name: "Leap", isDefault: true })).id;
    await seedNotes(t, person.id, domain, [
      { at: "2024-02-29T10:00:00Z", title: "Leap day" },
      { at: "2024-02-28T10:00:00Z", title: "Day before" },
      { at: "2023-02-28T10:00:00Z", title: "Common 28th" },
    ]);
    const titles = async (date: string) =>
      ((await (await call(t, "GET", `/api/on-this-day?date=${date}&tz=UTC`, { user: person })).json()) as OnThisDay).groups.map(
        (g) => `${g.date}:${g.notes.map((n) => n.title).join(",")}`,
      );
    // A common year's 28 February brings back the leap day too.
    expect(await titles("2025-02-28")).toEqual(["2024-02-28:Day before", "2024-02-29:Leap day", "2023-02-28:Common 28th"]);
    // A leap year's 29 February brings back only earlier 29ths; its 28th only earlier 28ths.
    expect(await titles("2028-02-29")).toEqual(["2024-02-29:Leap day"]);
    expect(await titles("2028-02-28")).toEqual(["2024-02-28:Day before", "2023-02-28:Common 28th"]);
  });

  test.each([
    ["/api/calendar?month=2026-13", "month"],
    ["/api/calendar?month=2026-3", "month"],
    ["/api/calendar", "month"],
    ["/api/calendar?month=2026-03&tz=Mars/Olympus_Mons", "tz"],
    ["/api/calendar?month=2026-03&domainId=nope", "domainId"],
    ["/api/on-this-day?date=2026-02-30", "date"],
    ["/api/on-this-day?date=2026-03-10T00:00", "date"],
    ["/api/on-this-day?date=2026-03-10&tz=Not/AZone", "tz"],
  ])("%s answers 400 naming %s", async (path, field) => {
    const body = await expectError(await call(t, "GET", path, { user }), 400, "validation_failed");
    expect(body.error.message.startsWith(field)).toBe(true);
  });
});
