import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import { PGlite as PGlite03 } from "pglite-v03";
import { unaccent as unaccent03 } from "pglite-v03/contrib/unaccent";
import { afterAll, expect, test } from "vitest";
import { openPglite } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import type { DB } from "../src/db/schema.js";
import { searchStatement } from "../src/repositories/search.js";

// Every install before the upgrade to PGlite 0.4 wrote its data dir with PGlite 0.3 (PostgreSQL 17.5,
// all of it in template1). The app now runs PGlite 0.4 (the same PostgreSQL, a start without
// zeroing 128 MB of buffers): such a data dir must open with every note in it, and keep working.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-pglite-upgrade-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a data dir written by PGlite 0.3 opens with its notes, searchable, and takes new ones", { timeout: 120_000 }, async () => {
  const dataDir = path.join(dir, "db");
  const old = await PGlite03.create(dataDir, { extensions: { unaccent: unaccent03 } });
  // Two PGlite builds, one dialect: its types name only the version it was built with.
  const oldDb = new Kysely<DB>({ dialect: new PGliteDialect(old as unknown as ConstructorParameters<typeof PGliteDialect>[0]) });
  await migrateToLatest({ db: oldDb, kind: "pglite" });
  const user = (await sql<{ id: string }>`INSERT INTO users (email) VALUES ('kept@example.com') RETURNING id`.execute(oldDb)).rows[0]!.id;
  const domain = (await sql<{ id: string }>`INSERT INTO domains (user_id, name, slug, is_default) VALUES (${user}, 'Journal', 'journal', true) RETURNING id`.execute(oldDb)).rows[0]!.id;
  await sql`INSERT INTO voice_notes (user_id, domain_id, title, transcription, duration, is_transcribed)
    VALUES (${user}, ${domain}, 'Morning walk', 'A blue heron stood in the river at dawn.', 42, true)`.execute(oldDb);
  await oldDb.destroy();
  if (!old.closed) await old.close(); // the dialect's destroy may have closed it

  const database = await openPglite({ dataDir });
  try {
    const db = database.db;
    expect(await migrateToLatest(database)).toEqual([]);
    const notes = await db.selectFrom("voice_notes").select(["title", "transcription", "duration"]).where("user_id", "=", user).execute();
    expect(notes).toEqual([{ title: "Morning walk", transcription: "A blue heron stood in the river at dawn.", duration: 42 }]);

    await sql`INSERT INTO voice_notes (user_id, domain_id, title, transcription, duration, is_transcribed)
      VALUES (${user}, ${domain}, 'Evening', 'The heron came back at dusk.', 7, true)`.execute(db);
    const hits = await searchStatement({ userId: user, terms: ["heron"], prefix: null, match: "all", limit: 10 }).execute(db);
    expect(hits.rows.map((h) => h.title).sort()).toEqual(["Evening", "Morning walk"]);
    const { rows } = await sql`SELECT unaccent('café') AS folded, current_setting('shared_buffers') AS buffers,
      current_setting('max_wal_size') AS wal, current_setting('TimeZone') AS zone`.execute(db);
    expect(rows).toEqual([{ folded: "cafe", buffers: "16MB", wal: "64MB", zone: "UTC" }]);
  } finally {
    await database.close();
  }
});
