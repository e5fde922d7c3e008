import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  email_confirmed_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The first account of an instance; an admin may make others admins (never removing the last one). */
  is_admin: Generated<boolean>;
  /** Set by an admin: no sign-in, and its sessions were ended. */
  disabled_at: Date | null;
  last_active_at: Date | null;
  /** The IANA zone the person's app last sent: the daily limits count that zone's calendar days. */
  time_zone: string | null;
  /** Per-account daily limits; null: the instance's. */
  limit_transcription_minutes: number | null;
  limit_summaries: number | null;
  limit_ask: number | null;
}

/** The spec's session store; the built-in auth keeps one row per signed-in device. */
export interface SessionsTable {
  sid: string;
  user_id: string;
  sess: ColumnType<Record<string, unknown>, string, string>;
  expire: Date;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  token_hash: string;
  session_id: string;
  user_id: string;
  parent_hash: string | null;
  revoked: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface DomainsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  slug: string;
  description: string | null;
  primary_color: Generated<string>;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
}

export interface VoiceNotesTable {
  id: Generated<string>;
  user_id: string;
  domain_id: string;
  client_id: string | null;
  title: string;
  transcription: string | null;
  duration: number;
  is_transcribed: Generated<boolean>;
  is_transcribing: Generated<boolean>;
  transcription_error: string | null;
  audio_key: string | null;
  audio_mime: string | null;
  audio_bytes: ColumnType<number, number, number> | null;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  /** No transcription engine was configured when its turn came: waiting, not failed. */
  awaiting_engine: Generated<boolean>;
  /** Over the account's daily transcription limit: off the queue until this instant (its next local midnight). */
  limit_wait_until: Date | null;
  created_at: ColumnType<Date, Date | string, Date | string>;
}

export interface SummaryTypesTable {
  id: Generated<string>;
  user_id: string;
  domain_id: string;
  name: string;
  prompt: string;
  created_at: CreatedAt;
}

export interface SummariesTable {
  id: Generated<string>;
  user_id: string;
  domain_id: string;
  summary_type_id: string | null;
  period: string;
  period_key: string;
  prompt: string | null;
  response_length: Generated<string>;
  content: string;
  themes: ColumnType<string[], string[], string[]>;
  total_voice_notes: number;
  total_duration: number;
  words_transcribed: number;
  engine: string;
  /** pending: queued for the job runner; ready: written; failed: gave up (error says why). */
  status: Generated<"pending" | "ready" | "failed">;
  client_request_id: string | null;
  error: string | null;
  time_zone: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  created_at: CreatedAt;
}

export interface ChatThreadsTable {
  id: Generated<string>;
  user_id: string;
  domain_id: string;
  title: string;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ChatMessagesTable {
  id: Generated<string>;
  thread_id: string;
  user_id: string;
  role: "user" | "assistant";
  content: string;
  /** ChatCitation[] as JSON. */
  citations: ColumnType<unknown, string, string>;
  stopped: Generated<boolean>;
  created_at: CreatedAt;
}

export interface ReminderSettingsTable {
  user_id: string;
  enabled: boolean;
  /** Local time of day, in minutes after midnight. */
  minutes: number;
  /** ISO weekdays, Monday 1 … Sunday 7. */
  days: ColumnType<number[], number[], number[]>;
  only_if_no_note: boolean;
  time_zone: string;
  updated_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
}

/** A job of a kind without a table of its own (jobs/scheduled-kind.ts), once per (kind, once_key). */
export interface JobsTable {
  id: Generated<string>;
  kind: string;
  once_key: string;
  user_id: string | null;
  payload: ColumnType<unknown, string | undefined, string>;
  status: Generated<"pending" | "done" | "failed">;
  error: string | null;
  attempts: Generated<number>;
  /** When it is due (and after a failure, when it is tried again). */
  next_attempt_at: Date;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  created_at: CreatedAt;
  finished_at: Date | null;
}

/** The one row of what an admin set from the app (id 1); the environment wins over each field. */
export interface InstanceSettingsTable {
  id: Generated<number>;
  signups: "open" | "invite" | "closed" | null;
  ai_base_url: string | null;
  /** The API key sealed with the instance's secret key (instance/secret-box.ts). */
  ai_key_encrypted: string | null;
  ai_transcription_model: string | null;
  ai_summary_model: string | null;
  ai_chat_model: string | null;
  limit_transcription_minutes: number | null;
  limit_summaries: number | null;
  limit_ask: number | null;
  version: Generated<number>;
  updated_at: Timestamp;
}

export interface InvitationsTable {
  id: Generated<string>;
  token_hash: string;
  /** When set, only this address may sign up with it. */
  email: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
  used_by: string | null;
}

/** What an account used on one of its local days. */
export interface UsageDaysTable {
  user_id: string;
  /** YYYY-MM-DD in the account's zone. */
  day: ColumnType<string, string, string>;
  transcription_seconds: Generated<number>;
  summaries: Generated<number>;
  asks: Generated<number>;
}

/** The account's running import (one at a time); see the migration 20261128T1100_import_locks. */
export interface ImportLocksTable {
  user_id: string;
  holder: string;
  heartbeat_at: Generated<Date>;
}

/** A change applied once by its device-made id, with the answer a repeat gets (DESIGN §13). */
export interface AppliedChangesTable {
  user_id: string;
  change_id: string;
  /** "METHOD path" of the first request: the same id on another request is refused. */
  request: string;
  /** NULL while the first request is being applied. */
  status: number | null;
  body: string | null;
  created_at: Generated<Date>;
}

/** What Settings → Connected assistants lists: an access token, or an app allowed through OAuth. */
export interface AssistantGrantsTable {
  id: Generated<string>;
  user_id: string;
  kind: "token" | "oauth";
  /** The token's name, or the OAuth client's name. */
  name: string;
  client_id: string | null;
  scope: Generated<string>;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** A grant's credentials, hashed: its access token, or an OAuth app's access and refresh tokens. */
export interface AssistantCredentialsTable {
  token_hash: string;
  grant_id: string;
  kind: "token" | "access" | "refresh";
  expires_at: Date | null;
  /** A refresh token was exchanged: presenting it again revokes the grant. */
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface OAuthClientsTable {
  client_id: string;
  client_name: string;
  redirect_uris: ColumnType<string[], string, string>;
  created_at: CreatedAt;
}

/** An authorization request waiting for the person's answer, then its one-time code. */
export interface OAuthRequestsTable {
  id: string;
  client_id: string;
  client_name: string;
  redirect_uri: string;
  state: string | null;
  code_challenge: string;
  resource: string;
  scope: string;
  expires_at: Date;
  user_id: string | null;
  code_hash: string | null;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  domains: DomainsTable;
  voice_notes: VoiceNotesTable;
  summary_types: SummaryTypesTable;
  summaries: SummariesTable;
  chat_threads: ChatThreadsTable;
  chat_messages: ChatMessagesTable;
  jobs: JobsTable;
  reminder_settings: ReminderSettingsTable;
  push_subscriptions: PushSubscriptionsTable;
  instance_settings: InstanceSettingsTable;
  invitations: InvitationsTable;
  usage_days: UsageDaysTable;
  import_locks: ImportLocksTable;
  applied_changes: AppliedChangesTable;
  assistant_grants: AssistantGrantsTable;
  assistant_credentials: AssistantCredentialsTable;
  oauth_clients: OAuthClientsTable;
  oauth_requests: OAuthRequestsTable;
}

export type UserRow = Selectable<UsersTable>;
export type DomainRow = Selectable<DomainsTable>;
export type VoiceNoteRow = Selectable<VoiceNotesTable>;
export type NewVoiceNote = Insertable<VoiceNotesTable>;
export type SummaryTypeRow = Selectable<SummaryTypesTable>;
export type SummaryRow = Selectable<SummariesTable>;
