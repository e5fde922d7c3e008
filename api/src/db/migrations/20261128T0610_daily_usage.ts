import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * Spending limits (DESIGN §16): what each account used per local day (the day of its
 * `users.time_zone`), counted as the work is done. A note over the day's transcription limit
 * leaves the queue with `limit_wait_until` set to the next local midnight, and goes back on it
 * then; the partial index finds the few waiting ones. The admin screen and /metrics count the
 * failed transcriptions and summaries, a few rows among many: partial indexes answer that too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE usage_days (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      day date NOT NULL,
      transcription_seconds double precision NOT NULL DEFAULT 0,
      summaries integer NOT NULL DEFAULT 0,
      asks integer NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, day)
    );
    ALTER TABLE voice_notes ADD COLUMN limit_wait_until timestamptz;
    CREATE INDEX voice_notes_limit_wait_idx ON voice_notes (limit_wait_until) WHERE limit_wait_until IS NOT NULL;
    CREATE INDEX voice_notes_failed_idx ON voice_notes (id) WHERE transcription_error IS NOT NULL;
    CREATE INDEX summaries_failed_idx ON summaries (id) WHERE status = 'failed'
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    DROP INDEX summaries_failed_idx; DROP INDEX voice_notes_failed_idx; DROP INDEX voice_notes_limit_wait_idx; ALTER TABLE voice_notes DROP COLUMN limit_wait_until; DROP TABLE usage_days
  `);
}
