import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateToLatest } from "../src/db/migrate.js";
import * as searchTagsAndEmoji from "../src/db/migrations/20261128T1500_search_tags_and_emoji.js";
import { transcriptionJobsRepository } from "../src/repositories/transcription-jobs.js";
import { searchRepository } from "../src/repositories/search.js";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { createDomain } from "./support/api.js";
import { noteForm } from "./support/multipart.js";

describe.each(dbKinds)("the search index on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let domainId: string;

  const find = async (words: string) => {
    const { rows } = await searchRepository(t.deps.database.db).search({
      userId: user.id, terms: words.split(" "), prefix: null, match: "all", limit: 50,
    });
    return rows.map((r) => r.id);
  };
  const indexes = async () => {
    const { rows } = await sql<{ name: string; valid: boolean; method: string }>`
      SELECT c.relname AS name, i.indisvalid AS valid, am.amname AS method
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
      WHERE c.relname LIKE '%search_idx' ORDER BY 1`.execute(t.deps.database.db);
    return rows;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await createUser(t.deps);
    domainId = (await createDomain(t, user, { name: "Home", isDefault: true })).id;
  });
  afterAll(() => t.close());

  test("migrations leave valid GIN indexes on notes and summaries", async () => {
    expect(await indexes()).toEqual([
      { name: "summaries_search_idx", valid: true, method: "gin" },
      { name: "voice_notes_search_idx", valid: true, method: "gin" },
      { name: "voice_notes_title_search_idx", valid: true, method: "gin" },
    ]);
  });

  test("a finished transcription, and a re-transcription, are indexed as the runner writes them", async () => {
    const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ domainId, title: "Memo" }) });
    const id = ((await res.json()) as { id: string }).id;
    const jobs = transcriptionJobsRepository(t.deps.database.db);
    const claim = async () => {
      const claimed = await jobs.claim("w1", 60);
      expect(claimed?.id).toBe(id);
    };
    await claim();
    await jobs.complete(id, "w1", "the first take mentions a toboggan", 3);
    expect(await find("toboggan")).toEqual([id]);
    await t.deps.database.db.updateTable("voice_notes").set({ is_transcribing: true, next_attempt_at: new Date(0) }).where("id", "=", id).execute();
    await claim();
    await jobs.complete(id, "w1", "the second take mentions a sleigh", 3);
    expect(await find("toboggan")).toEqual([]);
    expect(await find("sleigh")).toEqual([id]);
  });

  test("rows written before the index existed are filled in and an invalid index is rebuilt at start", async () => {
    const db = t.deps.database.db;
    const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ domainId, title: "Venice" }) });
    const id = ((await res.json()) as { id: string }).id;
    await db.updateTable("voice_notes").set({ transcription: "an ancient gondola", is_transcribing: false }).where("id", "=", id).execute();
    // As the table looked before the migration: no vector, no index (or a build a crash left invalid).
    await sql`UPDATE voice_notes SET search_vector = NULL`.execute(db);
    await sql`DROP INDEX voice_notes_search_idx`.execute(db);
    if (kind === "postgres") {
      await sql`CREATE INDEX voice_notes_search_idx ON voice_notes USING gin (search_vector)`.execute(db);
      await sql`UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'voice_notes_search_idx'::regclass`.execute(db);
    }
    expect(await find("gondola")).toEqual([]);
    expect(await migrateToLatest(t.deps.database)).toEqual(["index voice_notes_search_idx"]);
    expect(await find("gondola")).toEqual([id]);
    expect((await indexes()).every((i) => i.valid)).toBe(true);
    // A start on a current database has nothing to do.
    expect(await migrateToLatest(t.deps.database)).toEqual([]);
  });
  test("notes written before words in <…> and emoji were searchable are found once the database is upgraded", async () => {
    const db = t.deps.database.db;
    await searchTagsAndEmoji.down(db as never);
    try {
      const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ domainId, title: "Call <grandma> 🎈" }) });
      const id = ((await res.json()) as { id: string }).id;
      expect(await find("grandma")).toEqual([]);
      await searchTagsAndEmoji.up(db as never);
      expect(await find("grandma")).toEqual([id]);
      expect(await find("🎈")).toEqual([id]);
    } finally {
      await searchTagsAndEmoji.up(db as never);
    }
  });
});
