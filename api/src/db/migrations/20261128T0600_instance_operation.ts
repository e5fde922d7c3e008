import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * Running an instance for a family or a team (DESIGN §16):
 * - `users.is_admin`: the first account of an instance is its admin (an instance that has
 *   accounts already makes its oldest one the admin); `disabled_at`: an admin switched the
 *   account off, its sessions ended and it cannot sign in; `last_active_at`: when it last used
 *   the API (written at most every few minutes); `time_zone`: the zone its app last sent, whose
 *   calendar day the daily limits count; `limit_*`: per-account daily limits over the
 *   instance's (null: the instance's).
 * - `instance_settings`: one row of what the admin screen sets (sign-up policy, the AI endpoint
 *   with its key encrypted, default daily limits); `version` grows on every change, so each
 *   process can tell that its copy is old.
 * - `invitations`: single-use sign-up links, kept as the hash of their token.
 * Constant defaults only: no table rewrite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE users ADD COLUMN is_admin boolean NOT NULL DEFAULT false;
    ALTER TABLE users ADD COLUMN disabled_at timestamptz;
    ALTER TABLE users ADD COLUMN last_active_at timestamptz;
    ALTER TABLE users ADD COLUMN time_zone text;
    ALTER TABLE users ADD COLUMN limit_transcription_minutes integer CHECK (limit_transcription_minutes >= 0);
    ALTER TABLE users ADD COLUMN limit_summaries integer CHECK (limit_summaries >= 0);
    ALTER TABLE users ADD COLUMN limit_ask integer CHECK (limit_ask >= 0);
    UPDATE users SET is_admin = true WHERE id = (SELECT id FROM users ORDER BY created_at, id LIMIT 1);
    CREATE INDEX users_admins_idx ON users (id) WHERE is_admin;

    CREATE TABLE instance_settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      signups text CHECK (signups IN ('open', 'invite', 'closed')),
      ai_base_url text,
      ai_key_encrypted text,
      ai_transcription_model text,
      ai_summary_model text,
      ai_chat_model text,
      limit_transcription_minutes integer CHECK (limit_transcription_minutes >= 0),
      limit_summaries integer CHECK (limit_summaries >= 0),
      limit_ask integer CHECK (limit_ask >= 0),
      version bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO instance_settings (id) VALUES (1);

    CREATE TABLE invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      email text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      used_by uuid REFERENCES users (id) ON DELETE SET NULL
    );
    CREATE INDEX invitations_created_idx ON invitations (created_at)
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    DROP TABLE invitations; DROP TABLE instance_settings; DROP INDEX users_admins_idx;
    ALTER TABLE users DROP COLUMN limit_ask; ALTER TABLE users DROP COLUMN limit_summaries;
    ALTER TABLE users DROP COLUMN limit_transcription_minutes; ALTER TABLE users DROP COLUMN time_zone;
    ALTER TABLE users DROP COLUMN last_active_at; ALTER TABLE users DROP COLUMN disabled_at;
    ALTER TABLE users DROP COLUMN is_admin
  `);
}
