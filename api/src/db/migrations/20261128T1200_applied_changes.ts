import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * Changes made on a device carry an id made there (the Idempotency-Key header, DESIGN §13): the
 * first request with it is applied and its answer kept here; the same change sent again (a
 * replay after a lost answer) gets that answer back instead of being applied twice. `status` is
 * NULL while the first request is still being applied. Rows older than a week are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE applied_changes (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      change_id text NOT NULL,
      request text NOT NULL,
      status integer,
      body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, change_id)
    );
    CREATE INDEX applied_changes_created_idx ON applied_changes (user_id, created_at)
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE applied_changes`);
}
