import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * A note kept while no transcription engine is configured is waiting, not failed (issue 20): it
 * is taken off the queue with `awaiting_engine` set, and put back on it when a process with an
 * engine starts (or the person asks again). A constant default: no table rewrite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE voice_notes ADD COLUMN awaiting_engine boolean NOT NULL DEFAULT false;
    CREATE INDEX voice_notes_awaiting_engine_idx ON voice_notes (id) WHERE awaiting_engine
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP INDEX voice_notes_awaiting_engine_idx; ALTER TABLE voice_notes DROP COLUMN awaiting_engine`);
}
