import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * One table for the job kinds that have no table of their own (jobs/scheduled-kind.ts): a
 * reminder, a backup, a limit's reset. A row is a job of `kind` due at `next_attempt_at`;
 * `once_key` (a person and a local day, say) makes it one however many processes plan it.
 * Rows that ended stay a while as the record that it ran, then are removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL,
      once_key text NOT NULL,
      user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      payload jsonb NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
      error text,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL,
      lease_owner text,
      lease_expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      UNIQUE (kind, once_key)
    );
    CREATE INDEX jobs_queue_idx ON jobs (kind, next_attempt_at) WHERE status = 'pending';
    CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE status <> 'pending';
    CREATE INDEX jobs_user_idx ON jobs (user_id)
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE jobs`);
}
