import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { noteForm } from "./support/multipart.js";

describe.each(dbKinds)("collections (/api/domains) on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await createUser(t.deps);
  });
  afterAll(() => t.close());

  test("a user without collections gets [] and a 404 for the default", async () => {
    const fresh = await createUser(t.deps);
    const list = await call(t, "GET", "/api/domains", { user: fresh });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
    await expectError(await call(t, "GET", "/api/domains/default", { user: fresh }), 404, "not_found");
  });

  test("onboarding creates the first collection; userId from the body is ignored", async () => {
    const other = await createUser(t.deps);
    const u = await createUser(t.deps);
    const res = await call(t, "POST", "/api/domains", {
      user: u,
      json: { name: "  Work Journal ", description: " Meetings and wins ", primaryColor: "#3b82f6", isDefault: true, userId: other.id },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; createdAt: string };
    expect(created).toMatchObject({
      name: "Work Journal",
      slug: "work-journal",
      description: "Meetings and wins",
      primaryColor: "#3b82f6",
      isDefault: true,
      userId: u.id,
    });
    expect(new Date(created.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const list = (await (await call(t, "GET", "/api/domains", { user: u })).json()) as { id: string }[];
    expect(list.map((d) => d.id)).toEqual([created.id]);
    expect((await (await call(t, "GET", "/api/domains", { user: other })).json()) as unknown[]).toEqual([]);
    const def = await call(t, "GET", "/api/domains/default", { user: u });
    expect(await def.json()).toMatchObject({ id: created.id, isDefault: true });
  });

  test("without a default collection, the default is the first one; a new default replaces the old", async () => {
    const u = await createUser(t.deps);
    const first = await createDomain(t, u, { name: "Alpha" });
    await createDomain(t, u, { name: "Beta" });
    expect(await (await call(t, "GET", "/api/domains/default", { user: u })).json()).toMatchObject({ id: first.id });
    const third = await createDomain(t, u, { name: "Gamma", isDefault: true });
    const fourth = await createDomain(t, u, { name: "Delta", isDefault: true });
    expect(await (await call(t, "GET", "/api/domains/default", { user: u })).json()).toMatchObject({ id: fourth.id });
    const list = (await (await call(t, "GET", "/api/domains", { user: u })).json()) as { id: string; isDefault: boolean }[];
    expect(list.filter((d) => d.isDefault).map((d) => d.id)).toEqual([fourth.id]);
    expect(list.map((d) => d.id)).toContain(third.id);
  });

  test("concurrent default collections leave exactly one default (each cleared only the others it could see)", async () => {
    const u = await createUser(t.deps);
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(t, "POST", "/api/domains", { user: u, json: { name: `Parallel ${i}`, isDefault: true } }).then(async (r) => {
          expect(r.status).toBe(201);
          return (await r.json()) as { id: string };
        }),
      ),
    );
    const list = (await (await call(t, "GET", "/api/domains", { user: u })).json()) as { id: string; isDefault: boolean }[];
    const defaults = list.filter((d) => d.isDefault).map((d) => d.id);
    expect(defaults).toHaveLength(1);
    expect(created.map((d) => d.id)).toContain(defaults[0]);
    expect(await (await call(t, "GET", "/api/domains/default", { user: u })).json()).toMatchObject({ id: defaults[0] });
  });

  test("two collections of one user may not share a slug (409); another user may use it", async () => {
    await createDomain(t, user, { name: "Creative Ideas" });
    const clash = await call(t, "POST", "/api/domains", { user, json: { name: "creative   ideas!", primaryColor: "#8b5cf6" } });
    const body = await expectError(clash, 409, "conflict");
    expect(body.error.message).toContain("/creative-ideas");
    const other = await createUser(t.deps);
    await createDomain(t, other, { name: "Creative Ideas" });
  });

  test("a name without a-z/0-9 gets the c-<id> slug", async () => {
    const d = await createDomain(t, user, { name: "日記" });
    expect(d.slug).toBe(`c-${d.id.slice(0, 8)}`);
  });

  test.each([
    [{ name: "   ", primaryColor: "#3b82f6" }, "Collection name required"],
    [{ primaryColor: "#3b82f6" }, "Required"],
    [{ name: "x", primaryColor: "blue" }, "Please enter a valid hex color"],
    [{ name: "x", primaryColor: "#12345" }, "Please enter a valid hex color"],
    [{ name: 42 }, "expected string, received number"],
    [{ name: "x".repeat(101) }, "at most 100"],
    [{ name: "x", description: "d".repeat(501) }, "at most 500"],
    [{ name: "x", isDefault: "yes" }, "isDefault"],
  ])("POST %j answers 400 with the message", async (json, message) => {
    const body = await expectError(await call(t, "POST", "/api/domains", { user, json }), 400, "validation_failed");
    expect(body.error.message).toContain(message);
  });

  test("malformed JSON answers 400", async () => {
    const res = await call(t, "POST", "/api/domains", {
      user,
      body: "{ name: ",
      headers: { "content-type": "application/json" },
    });
    await expectError(res, 400, "bad_request");
  });

  test("a JSON body over 2 MB answers 413", async () => {
    const res = await call(t, "POST", "/api/domains", { user, json: { name: "big", description: "x".repeat(3 * 1024 * 1024) } });
    await expectError(res, 413, "payload_too_large");
  });

  test("stats count recordings, seconds, transcribed notes and the newest recording", async () => {
    const u = await createUser(t.deps);
    const d = await createDomain(t, u, { name: "Stats" });
    const empty = await call(t, "GET", `/api/domains/${d.id}/stats`, { user: u });
    expect(await empty.json()).toEqual({ totalRecordings: 0, totalDuration: 0, transcribedCount: 0, recentRecording: "" });

    for (const [duration, createdAt] of [["30", "2026-03-01T10:00:00.000Z"], ["95", "2026-03-05T10:00:00.000Z"]] as const) {
      const res = await t.app.request("/api/voice-notes", {
        method: "POST",
        headers: u.headers,
        body: noteForm({ domainId: d.id, duration, createdAt }),
      });
      expect(res.status).toBe(201);
    }
    await t.deps.database.db
      .updateTable("voice_notes")
      .set({ is_transcribed: true, transcription: "hello", is_transcribing: false })
      .where("user_id", "=", u.id)
      .where("duration", "=", 30)
      .execute();
    const stats = await (await call(t, "GET", `/api/domains/${d.id}/stats`, { user: u })).json();
    expect(stats).toEqual({
      totalRecordings: 2,
      totalDuration: 125,
      transcribedCount: 1,
      recentRecording: "2026-03-05T10:00:00.000Z",
    });
  });

  test("stats sum more than 2^31 seconds (24,856 full-day notes: the int cast answered 500)", async () => {
    const u = await createUser(t.deps);
    const d = await createDomain(t, u, { name: "Long" });
    await sql`
      INSERT INTO voice_notes (user_id, domain_id, title, duration, audio_key, created_at)
      SELECT ${u.id}::uuid, ${d.id}::uuid, 'day ' || n, 86400, NULL, timestamptz '2026-01-01T00:00:00Z'
      FROM generate_series(1, 24856) AS n`.execute(t.deps.database.db);
    const res = await call(t, "GET", `/api/domains/${d.id}/stats`, { user: u });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ totalRecordings: 24856, totalDuration: 24856 * 86400 });
  });

  test("stats of a missing, malformed or foreign id answer 404", async () => {
    const other = await createUser(t.deps);
    const theirs = await createDomain(t, other, { name: "Theirs" });
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000", theirs.id]) {
      await expectError(await call(t, "GET", `/api/domains/${id}/stats`, { user }), 404, "not_found");
    }
  });
  test("editing a collection changes its name, description and colour; its address stays; another user's answers 404", async () => {
    const u = await createUser(t.deps);
    const d = await createDomain(t, u, { name: "Garden", description: "Plants" });
    const res = await call(t, "PATCH", `/api/domains/${d.id}`, { user: u, json: { name: "  Allotment ", description: "", primaryColor: "#15803d" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: d.id, name: "Allotment", slug: "garden", description: null, primaryColor: "#15803d" });
    expect(await (await call(t, "GET", "/api/domains", { user: u })).json()).toMatchObject([{ name: "Allotment", primaryColor: "#15803d" }]);
    // The same edit sent again is the same edit.
    expect(await (await call(t, "PATCH", `/api/domains/${d.id}`, { user: u, json: { name: "Allotment" } })).json()).toMatchObject({ name: "Allotment", description: null });

    await expectError(await call(t, "PATCH", `/api/domains/${d.id}`, { user: u, json: { name: "" } }), 400, "validation_failed");
    await expectError(await call(t, "PATCH", `/api/domains/${d.id}`, { user: u, json: { primaryColor: "green" } }), 400, "validation_failed");
    const other = await createUser(t.deps);
    await expectError(await call(t, "PATCH", `/api/domains/${d.id}`, { user: other, json: { name: "Mine now" } }), 404, "not_found");
    expect(await (await call(t, "GET", "/api/domains", { user: u })).json()).toMatchObject([{ name: "Allotment" }]);
  });

  test("deleting a collection takes its notes, summaries, types and threads; its slug is free again; a repeat succeeds; another user's is 404", async () => {
    const u = await createUser(t.deps);
    const keep = await createDomain(t, u, { name: "Keep", isDefault: true });
    const d = await createDomain(t, u, { name: "Trip" });
    const db = t.deps.database.db;
    for (const title of ["Day one", "Day two"]) {
      const res = await t.app.request("/api/voice-notes", { method: "POST", headers: u.headers, body: noteForm({ domainId: d.id, title }) });
      expect(res.status).toBe(201);
    }
    const kept = await t.app.request("/api/voice-notes", { method: "POST", headers: u.headers, body: noteForm({ domainId: keep.id, title: "Stays" }) });
    expect(kept.status).toBe(201);
    const type = (await (await call(t, "POST", "/api/summary-types", { user: u, json: { domainId: d.id, name: "Trip log", prompt: "P" } })).json()) as { id: string };
    await db
      .insertInto("summaries")
      .values({ user_id: u.id, domain_id: d.id, summary_type_id: type.id, period: "day", period_key: "2026-03-10", content: "c", themes: [], total_voice_notes: 2, total_duration: 2, words_transcribed: 1, engine: "test" })
      .execute();
    await db.insertInto("chat_threads").values({ user_id: u.id, domain_id: d.id, title: "Trip questions" }).execute();

    expect(await (await call(t, "GET", `/api/domains/${d.id}/contents`, { user: u })).json()).toEqual({ notes: 2, summaries: 1 });
    const other = await createUser(t.deps);
    await expectError(await call(t, "GET", `/api/domains/${d.id}/contents`, { user: other }), 404, "not_found");
    await expectError(await call(t, "DELETE", `/api/domains/${d.id}`, { user: other }), 404, "not_found");
    expect(await (await call(t, "GET", `/api/domains/${d.id}/contents`, { user: u })).json()).toEqual({ notes: 2, summaries: 1 });

    const res = await call(t, "DELETE", `/api/domains/${d.id}`, { user: u });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const left = async (table: "voice_notes" | "summaries" | "summary_types" | "chat_threads") =>
      (await db.selectFrom(table).select("domain_id").where("user_id", "=", u.id).execute()).map((r) => r.domain_id);
    expect(await left("voice_notes")).toEqual([keep.id]);
    expect(await left("summaries")).toEqual([]);
    expect(await left("summary_types")).toEqual([]);
    expect(await left("chat_threads")).toEqual([]);
    expect(((await (await call(t, "GET", "/api/domains", { user: u })).json()) as { id: string }[]).map((x) => x.id)).toEqual([keep.id]);
    await expectError(await call(t, "GET", `/api/domains/${d.id}/stats`, { user: u }), 404, "not_found");

    // Sent again after a lost answer: already gone, so done.
    const again = await call(t, "DELETE", `/api/domains/${d.id}`, { user: u });
    expect(again.status).toBe(200);
    // The address is free again.
    expect(await createDomain(t, u, { name: "Trip" })).toMatchObject({ slug: "trip" });
  });
});
