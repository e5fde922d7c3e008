import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

// Migrations are history: never edit one that has landed; add a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      password_hash text,
      first_name text,
      last_name text,
      profile_image_url text,
      email_confirmed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));

    CREATE TABLE sessions (
      sid text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      sess jsonb NOT NULL,
      expire timestamptz NOT NULL
    );
    CREATE INDEX sessions_expire_idx ON sessions (expire);
    CREATE INDEX sessions_user_idx ON sessions (user_id);

    CREATE TABLE refresh_tokens (
      id bigserial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      session_id text NOT NULL REFERENCES sessions (sid) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      parent_hash text,
      revoked boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

    CREATE TABLE domains (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      slug text NOT NULL,
      description text,
      primary_color text NOT NULL DEFAULT '#3b82f6',
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, slug)
    );

    CREATE TABLE voice_notes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      domain_id uuid NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
      client_id text,
      title text NOT NULL,
      transcription text,
      duration integer NOT NULL,
      is_transcribed boolean NOT NULL DEFAULT false,
      is_transcribing boolean NOT NULL DEFAULT false,
      transcription_error text,
      audio_key text,
      audio_mime text,
      audio_bytes bigint,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      lease_owner text,
      lease_expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, client_id)
    );
    CREATE INDEX voice_notes_user_domain_created_idx ON voice_notes (user_id, domain_id, created_at);
    CREATE INDEX voice_notes_queue_idx ON voice_notes (next_attempt_at) WHERE is_transcribing;

    CREATE TABLE summary_types (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      domain_id uuid NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
      name text NOT NULL,
      prompt text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX summary_types_user_domain_idx ON summary_types (user_id, domain_id);

    CREATE TABLE summaries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      domain_id uuid NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
      summary_type_id uuid REFERENCES summary_types (id) ON DELETE CASCADE,
      period text NOT NULL,
      period_key text NOT NULL,
      prompt text,
      response_length text NOT NULL DEFAULT 'medium',
      content text NOT NULL,
      themes text[] NOT NULL DEFAULT '{}',
      total_voice_notes integer NOT NULL,
      total_duration integer NOT NULL,
      words_transcribed integer NOT NULL,
      engine text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX summaries_lookup_idx ON summaries (user_id, domain_id, period, period_key);
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    DROP TABLE summaries; DROP TABLE summary_types; DROP TABLE voice_notes;
    DROP TABLE domains; DROP TABLE refresh_tokens; DROP TABLE sessions; DROP TABLE users;
  `);
}
