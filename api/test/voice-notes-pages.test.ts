import { NEXT_CURSOR_HEADER, NOTES_PAGE_DEFAULT, NOTES_PAGE_MAX } from "@vj/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { voiceNotesRepository } from "../src/repositories/voice-notes.js";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { seedNotes } from "./support/notes.js";

interface Note {
  id: string;
  title: string;
  createdAt: string;
}

/** Inserts notes straight into the table (the upload path has its own tests); returns their ids. */
const insertNotes = (t: TestApp, user: TestUser, domainId: string, createdAt: Date[]) =>
  seedNotes(t, user.id, domainId, createdAt.map((at) => ({ at, transcription: "words ".repeat(40) })));

/** Every page of a list, following the next-page header; the pages' notes and sizes. */
async function readAllPages(t: TestApp, user: TestUser, query: string) {
  const notes: Note[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const url: string = `/api/voice-notes?${query}${cursor ? `&before=${encodeURIComponent(cursor)}` : ""}`;
    const res = await call(t, "GET", url, { user });
    expect(res.status, await res.clone().text()).toBe(200);
    const page = (await res.json()) as Note[];
    notes.push(...page);
    sizes.push(page.length);
    cursor = res.headers.get(NEXT_CURSOR_HEADER);
    if (!cursor) return { notes, sizes };
  }
  throw new Error("the list never ended");
}

const sameDay = (hour: number) => new Date(Date.UTC(2026, 4, 12, hour));

/** Newest first, ties by id descending (uuid text order is PostgreSQL's uuid order). */
function expectedOrder(rows: { id: string; at: number }[]): string[] {
  return [...rows].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((r) => r.id);
}

describe.each(dbKinds)("voice note pages on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let domainId: string;
  let all: { id: string; at: number }[];
  let foreignDomain: string;
  const month = "period=month&periodKey=2026-05&tz=UTC";

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await createUser(t.deps);
    other = await createUser(t.deps);
    domainId = (await createDomain(t, user, { name: "Daily", isDefault: true })).id;
    // 130 notes in May 2026: 40 share one instant, 30 share another, the rest are spread out.
    const sameA = new Date("2026-05-10T09:00:00.000Z");
    const sameB = new Date("2026-05-20T18:30:00.000Z");
    const times = [
      ...Array.from({ length: 40 }, () => sameA),
      ...Array.from({ length: 30 }, () => sameB),
      ...Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 4, 1 + (i % 30), 6 + (i % 12), i))),
    ];
    const ids = await insertNotes(t, user, domainId, times);
    all = ids.map((id, i) => ({ id, at: times[i]!.getTime() }));
    // Notes outside the month, in another collection and of another user never show.
    await insertNotes(t, user, domainId, [new Date("2026-04-30T23:59:59.999Z"), new Date("2026-06-01T00:00:00.000Z")]);
    const otherDomain = (await createDomain(t, user, { name: "Work" })).id;
    await insertNotes(t, user, otherDomain, [sameA, sameA]);
    foreignDomain = (await createDomain(t, other, { name: "Theirs" })).id;
    await insertNotes(t, other, foreignDomain, [sameA, sameB]);
  });
  afterAll(() => t.close());

  test("pages of 7 hold every note of the month once, newest first with ties by id, the last page without a cursor", async () => {
    const { notes, sizes } = await readAllPages(t, user, `${month}&domainId=${domainId}&limit=7`);
    expect(notes.map((n) => n.id)).toEqual(expectedOrder(all));
    expect(new Set(notes.map((n) => n.id)).size).toBe(130);
    expect(sizes).toEqual([...Array.from({ length: 18 }, () => 7), 4]);
  });

  test("a page size that divides the count exactly ends with a full page and no cursor (no empty extra page)", async () => {
    const { notes, sizes } = await readAllPages(t, user, `${month}&domainId=${domainId}&limit=10`);
    expect(notes.map((n) => n.id)).toEqual(expectedOrder(all));
    expect(sizes).toEqual(Array.from({ length: 13 }, () => 10));
  });

  test(`without limit a page holds ${NOTES_PAGE_DEFAULT} notes`, async () => {
    const res = await call(t, "GET", `/api/voice-notes?${month}&domainId=${domainId}`, { user });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Note[]).map((n) => n.id)).toEqual(expectedOrder(all).slice(0, NOTES_PAGE_DEFAULT));
    expect(res.headers.get(NEXT_CURSOR_HEADER)).toBeTruthy();
  });

  test("a list that fits one page has no cursor", async () => {
    const res = await call(t, "GET", `/api/voice-notes?period=day&periodKey=2026-05-20&tz=UTC&domainId=${domainId}&limit=${NOTES_PAGE_MAX}`, { user });
    const notes = (await res.json()) as Note[];
    expect(notes.length).toBeGreaterThanOrEqual(30);
    expect(res.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
  });

  test("notes a microsecond apart, below a JavaScript Date's precision, are neither skipped nor repeated", async () => {
    const day = new Date("2026-07-04T12:00:00.000Z");
    const ids = await insertNotes(t, user, domainId, Array.from({ length: 9 }, () => day));
    // Spread them over microseconds 0..8 of the same millisecond.
    for (const [i, id] of ids.entries()) {
      await sql`update voice_notes set created_at = created_at + make_interval(secs => ${i} / 1000000.0) where id = ${id}`.execute(t.deps.database.db);
    }
    const { notes } = await readAllPages(t, user, `period=day&periodKey=2026-07-04&tz=UTC&domainId=${domainId}&limit=2`);
    expect(notes.map((n) => n.id)).toEqual([...ids].reverse());
  });

  test("without domainId the pages cover every collection of the user, and only theirs", async () => {
    const { notes } = await readAllPages(t, user, `${month}&limit=25`);
    expect(notes.length).toBe(132);
    expect(new Set(notes.map((n) => n.id)).size).toBe(132);
    const theirs = await readAllPages(t, other, `${month}&limit=25`);
    expect(theirs.notes.length).toBe(2);
  });

  test("a week's pages agree with the week's range", async () => {
    // Sunday 17 to Saturday 23 May 2026 is 2026-W21.
    const { notes } = await readAllPages(t, user, `period=week&periodKey=2026-W21&tz=UTC&domainId=${domainId}&limit=4`);
    const inWeek = all.filter((n) => n.at >= Date.UTC(2026, 4, 17) && n.at < Date.UTC(2026, 4, 24));
    expect(notes.map((n) => n.id)).toEqual(expectedOrder(inWeek));
  });

  test("another user's collection answers 404 whether or not it has notes in the period, a missing one too", async () => {
    await expectError(await call(t, "GET", `/api/voice-notes?${month}&domainId=${foreignDomain}`, { user }), 404, "not_found");
    await expectError(await call(t, "GET", `/api/voice-notes?period=day&periodKey=2026-01-01&tz=UTC&domainId=${foreignDomain}`, { user }), 404, "not_found");
    await expectError(await call(t, "GET", `/api/voice-notes?${month}&domainId=00000000-0000-4000-8000-000000000000`, { user }), 404, "not_found");
    const theirs = await call(t, "GET", `/api/voice-notes?${month}&domainId=${foreignDomain}`, { user: other });
    expect(((await theirs.json()) as Note[]).length).toBe(2);
  });

  test("a limit out of range, a malformed cursor or an impossible date in one answers 400 in the error shape", async () => {
    const base = `/api/voice-notes?${month}&domainId=${domainId}`;
    await expectError(await call(t, "GET", `${base}&limit=0`, { user }), 400, "validation_failed");
    await expectError(await call(t, "GET", `${base}&limit=${NOTES_PAGE_MAX + 1}`, { user }), 400, "validation_failed");
    await expectError(await call(t, "GET", `${base}&limit=2.5`, { user }), 400, "validation_failed");
    await expectError(await call(t, "GET", `${base}&before=not-a-cursor`, { user }), 400, "validation_failed");
    const feb30 = Buffer.from("2026-02-30T00:00:00.000000Z~00000000-0000-4000-8000-000000000000").toString("base64url");
    await expectError(await call(t, "GET", `${base}&before=${feb30}`, { user }), 400, "validation_failed");
  });

  test("once the session has ended the list answers 401 whatever it asks for, with nothing of the page beside it", async () => {
    // The list checks the session inside its own query: every way through must still refuse.
    const leaver = await createUser(t.deps);
    const own = (await createDomain(t, leaver, { name: "Leaving", isDefault: true })).id;
    await insertNotes(t, leaver, own, [sameDay(3), sameDay(2), sameDay(1)]);
    const base = `/api/voice-notes?${month}&domainId=${own}&limit=2`;
    const live = await call(t, "GET", base, { user: leaver });
    expect(((await live.json()) as Note[]).length).toBe(2);
    expect(live.headers.get(NEXT_CURSOR_HEADER)).toBeTruthy();

    const expire = async (at: Date) => {
      await t.deps.database.db.updateTable("sessions").set({ expire: at }).where("user_id", "=", leaver.id).execute();
    };
    const refusals = async () => {
      for (const url of [
        base,
        `/api/voice-notes?${month}&limit=2`,
        `/api/voice-notes?period=day&periodKey=2026-01-01&tz=UTC&domainId=${own}`,
        `/api/voice-notes?${month}&domainId=${foreignDomain}`,
        `/api/voice-notes?${month}&domainId=00000000-0000-4000-8000-000000000000`,
        `${base}&limit=0`,
        `/api/voice-notes?${month}&tz=Not/AZone`,
      ]) {
        const res = await call(t, "GET", url, { user: leaver });
        expect(res.headers.get(NEXT_CURSOR_HEADER), url).toBeNull();
        await expectError(res, 401, "unauthorized");
      }
    };
    // Expired (its inactivity limit passed), then signed out (the row is gone).
    await expire(new Date(Date.now() - 1000));
    await refusals();
    await expire(new Date(Date.now() + 86_400_000));
    expect((await call(t, "GET", base, { user: leaver })).status).toBe(200);
    await t.deps.database.db.deleteFrom("sessions").where("user_id", "=", leaver.id).execute();
    await refusals();
  });

  test("the index gives the list its order: the plan reads it backwards with no sort step", async () => {
    const plan = await t.deps.database.db.transaction().execute(async (trx) => {
      // Forbid the alternatives so the plan shows whether the index can serve the order at all.
      await sql`set local enable_sort = off`.execute(trx);
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const q = {
        start: new Date("2026-05-01T00:00:00Z"),
        end: new Date("2026-06-01T00:00:00Z"),
        before: { at: "2026-05-20T18:30:00.000000Z", id: all[0]!.id },
        limit: 50,
      };
      const withDomain = await voiceNotesRepository(trx).listPageQuery(user.id, { ...q, domainId }).explain();
      const anyDomain = await voiceNotesRepository(trx).listPageQuery(user.id, q).explain();
      // The session check the API folds into the statement is a one-time filter: the order still comes from the index.
      const session = { sid: crypto.randomUUID(), userId: user.id, now: new Date() };
      const withSession = await voiceNotesRepository(trx).listPageQuery(user.id, { ...q, domainId, liveSession: session }).explain();
      return [withDomain, anyDomain, withSession].map((rows) => rows.map((r) => String(Object.values(r)[0])).join("\n"));
    });
    // With a collection either index serves the order (the planner picks by statistics).
    expect(plan[0]).toMatch(/Index (Only )?Scan Backward using voice_notes_user_(domain_)?created_id_idx/);
    expect(plan[1]).toMatch(/Index (Only )?Scan Backward using voice_notes_user_created_id_idx/);
    expect(plan[2]).toMatch(/Index (Only )?Scan Backward using voice_notes_user_(domain_)?created_id_idx/);
    for (const p of plan) expect(p).not.toMatch(/Sort/);
  });
});
