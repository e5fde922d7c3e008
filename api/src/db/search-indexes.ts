import { sql, type Kysely } from "kysely";
import type { Database } from "./database.js";
import type { DB } from "./schema.js";

/** The search GIN indexes (migration 20261125T0100_search_index), built after the migrations. */
const SEARCH_INDEXES = [
  { name: "voice_notes_search_idx", table: "voice_notes", vector: "vj_note_search_vector(title, transcription)", on: "search_vector" },
  // Titles alone: the first relevance tier (repositories/search.ts).
  { name: "voice_notes_title_search_idx", table: "voice_notes", vector: "vj_note_search_vector(title, transcription)", on: "(vj_search_words(title))" },
  { name: "summaries_search_idx", table: "summaries", vector: "setweight(vj_search_words(content), 'B')", on: "search_vector" },
] as const;

const BACKFILL_BATCH = 2000;
/** One process builds them while others start; any other number the app takes would do. */
const BUILD_LOCK = 7_142_026;

/**
 * Fills `search_vector` for rows written before the search migration and builds the GIN
 * indexes. On PostgreSQL this runs outside any transaction with `CREATE INDEX CONCURRENTLY`,
 * so a large table keeps taking writes meanwhile (the triggers index them as they come); a
 * build that a crash left invalid is dropped and made again. PGlite is one connection and
 * cannot build concurrently ("tuple concurrently updated"), so it builds plainly. A valid
 * index means the work is done: a start on a current database costs one catalog query.
 */
export async function buildSearchIndexes(database: Pick<Database, "db" | "kind">): Promise<string[]> {
  const { db, kind } = database;
  const pending = await indexStates(db);
  if (SEARCH_INDEXES.every((i) => pending.get(i.name) === true)) return [];
  return db.connection().execute(async (conn) => {
    const locked = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${BUILD_LOCK}) AS ok`.execute(conn);
    if (!locked.rows[0]?.ok) return []; // another process is building them
    try {
      const built: string[] = [];
      const states = await indexStates(conn);
      for (const index of SEARCH_INDEXES) {
        if (states.get(index.name) === true) continue;
        await backfill(conn, index.table, index.vector);
        if (states.get(index.name) === false) {
          await sql.raw(`DROP INDEX ${kind === "postgres" ? "CONCURRENTLY " : ""}IF EXISTS ${index.name}`).execute(conn);
        }
        await sql
          .raw(`CREATE INDEX ${kind === "postgres" ? "CONCURRENTLY " : ""}${index.name} ON ${index.table} USING gin (${index.on})`)
          .execute(conn);
        built.push(index.name);
      }
      return built;
    } finally {
      await sql`SELECT pg_advisory_unlock(${BUILD_LOCK})`.execute(conn);
    }
  });
}

/** Each search index's validity: true (usable), false (a failed concurrent build), absent (none). */
async function indexStates(db: Kysely<DB>): Promise<Map<string, boolean>> {
  const { rows } = await sql<{ name: string; valid: boolean }>`
    SELECT c.relname AS name, i.indisvalid AS valid
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE c.relname IN (${sql.join(SEARCH_INDEXES.map((i) => i.name))})`.execute(db);
  return new Map(rows.map((r) => [r.name, r.valid]));
}

/** Rows from before the trigger existed, a batch at a time (short row locks, no long transaction). */
async function backfill(db: Kysely<DB>, table: string, vector: string): Promise<void> {
  for (;;) {
    const result = await sql
      .raw(
        `UPDATE ${table} SET search_vector = ${vector}
         WHERE id IN (SELECT id FROM ${table} WHERE search_vector IS NULL LIMIT ${BACKFILL_BATCH})`,
      )
      .execute(db);
    if (Number(result.numAffectedRows ?? 0) < BACKFILL_BATCH) return;
  }
}
