import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * Ask your journal (DESIGN §12): conversations per collection, kept so a reload or another device
 * shows them again. Deleting the collection or the account deletes its threads (cascades).
 * A message's citations are the sources it cites by number, as they were when it was written
 * (title and date), so the thread reads the same after a cited note is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE chat_threads (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      domain_id uuid NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
      title text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX chat_threads_user_domain_updated_idx ON chat_threads (user_id, domain_id, updated_at DESC);
    CREATE TABLE chat_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      thread_id uuid NOT NULL REFERENCES chat_threads (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('user', 'assistant')),
      content text NOT NULL,
      citations jsonb NOT NULL DEFAULT '[]',
      stopped boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX chat_messages_thread_created_idx ON chat_messages (thread_id, created_at)
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE chat_messages; DROP TABLE chat_threads`);
}
