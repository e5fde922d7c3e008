import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { dbKinds, freshDatabase } from "./harness.js";

// Features are written side by side and land in any order: a database that already ran a later
// migration still takes one whose name sorts before it, instead of refusing to start.

describe.each(dbKinds)("a migration that lands after later ones on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database.close());

  test("is applied at the next start; nothing else runs again", async () => {
    const name = "20261128T0220_voice_notes_audio_key_index";
    // As if this database had run every migration but that one (it landed later).
    await sql`DROP INDEX voice_notes_audio_key_idx`.execute(database.db);
    await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(database.db);
    expect(await migrateToLatest(database)).toEqual([name]);
    const index = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'voice_notes_audio_key_idx'`.execute(database.db);
    expect(index.rows[0]!.n).toBe(1);
    expect(await migrateToLatest(database)).toEqual([]);
  });
});
