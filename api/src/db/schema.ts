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
}

export type UserRow = Selectable<UsersTable>;
export type DomainRow = Selectable<DomainsTable>;
export type VoiceNoteRow = Selectable<VoiceNotesTable>;
export type NewVoiceNote = Insertable<VoiceNotesTable>;
export type SummaryTypeRow = Selectable<SummaryTypesTable>;
export type SummaryRow = Selectable<SummariesTable>;
