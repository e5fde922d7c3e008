import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * Assistants reading a journal over /mcp (DESIGN §MCP). A grant is one thing the person sees in
 * Settings → Connected assistants and may revoke: an access token they created, or an app they
 * allowed through OAuth. Its credentials (the token itself; an OAuth app's access and refresh
 * tokens) are stored as SHA-256 hashes only. A refresh token is spent once: `used_at` marks it,
 * and presenting it again revokes its grant (the whole family). OAuth clients registered
 * dynamically are kept; authorization requests live until their code is exchanged or expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE assistant_grants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('token', 'oauth')),
      name text NOT NULL,
      client_id text,
      scope text NOT NULL DEFAULT 'read',
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX assistant_grants_user_idx ON assistant_grants (user_id, created_at);
    CREATE TABLE assistant_credentials (
      token_hash text PRIMARY KEY,
      grant_id uuid NOT NULL REFERENCES assistant_grants (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('token', 'access', 'refresh')),
      expires_at timestamptz,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX assistant_credentials_grant_idx ON assistant_credentials (grant_id);
    CREATE TABLE oauth_clients (
      client_id text PRIMARY KEY,
      client_name text NOT NULL,
      redirect_uris jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE oauth_requests (
      id text PRIMARY KEY,
      client_id text NOT NULL,
      client_name text NOT NULL,
      redirect_uri text NOT NULL,
      state text,
      code_challenge text NOT NULL,
      resource text NOT NULL,
      scope text NOT NULL,
      expires_at timestamptz NOT NULL,
      user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      code_hash text UNIQUE,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX oauth_requests_expires_idx ON oauth_requests (expires_at)
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE oauth_requests; DROP TABLE oauth_clients; DROP TABLE assistant_credentials; DROP TABLE assistant_grants`);
}
