import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * The notes list pages newest first with ties broken by id (DESIGN §6). With `id` in the index
 * after created_at, a backward index scan yields that order directly: no sort step, which at
 * 100k notes spilled to disk, and a cursor `(created_at, id) < (…)` is an index condition.
 * The (user, created_at, id) index serves the same list across every collection of a user.
 * The old (user, domain, created_at) index is a prefix of the new one, so it goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE INDEX voice_notes_user_domain_created_id_idx ON voice_notes (user_id, domain_id, created_at, id);
    CREATE INDEX voice_notes_user_created_id_idx ON voice_notes (user_id, created_at, id);
    DROP INDEX voice_notes_user_domain_created_idx
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE INDEX voice_notes_user_domain_created_idx ON voice_notes (user_id, domain_id, created_at);
    DROP INDEX voice_notes_user_created_id_idx;
    DROP INDEX voice_notes_user_domain_created_id_idx
  `);
}
