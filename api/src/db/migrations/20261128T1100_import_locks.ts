import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * One import at a time per account (DESIGN §12): the running import holds its account's row and
 * touches `heartbeat_at` after every batch; a second import answers 409. A row whose heartbeat
 * stopped (its process was killed) is taken over by the next import. The key is what makes
 * this hold across processes on one PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE import_locks (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      holder uuid NOT NULL,
      heartbeat_at timestamptz NOT NULL DEFAULT now()
    );
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE import_locks;`);
}
