import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * Summaries as durable jobs (DESIGN §7, issue 20): a generate request is stored at once as a
 * pending summary, written later by the job runner under a lease (resumed after a crash or a
 * restart), then ready or failed. `client_request_id` makes a resent request find its summary
 * instead of making a second one. Rows from before are ready. Constant defaults: no rewrite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE summaries ADD COLUMN status text NOT NULL DEFAULT 'ready' CHECK (status IN ('pending', 'ready', 'failed'));
    ALTER TABLE summaries ADD COLUMN client_request_id text;
    ALTER TABLE summaries ADD COLUMN error text;
    ALTER TABLE summaries ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
    ALTER TABLE summaries ADD COLUMN attempts integer NOT NULL DEFAULT 0;
    ALTER TABLE summaries ADD COLUMN next_attempt_at timestamptz;
    ALTER TABLE summaries ADD COLUMN lease_owner text;
    ALTER TABLE summaries ADD COLUMN lease_expires_at timestamptz;
    CREATE UNIQUE INDEX summaries_user_client_request_key ON summaries (user_id, client_request_id);
    CREATE INDEX summaries_queue_idx ON summaries (next_attempt_at) WHERE status = 'pending'
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    DROP INDEX summaries_queue_idx; DROP INDEX summaries_user_client_request_key;
    ALTER TABLE summaries DROP COLUMN lease_expires_at; ALTER TABLE summaries DROP COLUMN lease_owner;
    ALTER TABLE summaries DROP COLUMN next_attempt_at; ALTER TABLE summaries DROP COLUMN attempts;
    ALTER TABLE summaries DROP COLUMN time_zone; ALTER TABLE summaries DROP COLUMN error;
    ALTER TABLE summaries DROP COLUMN client_request_id; ALTER TABLE summaries DROP COLUMN status
  `);
}
