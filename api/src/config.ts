import { z } from "zod";
import path from "node:path";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
/** A daily limit: a whole number, 0 and up; blank counts as unset. */
const limit = z.preprocess(blank, z.coerce.number().int().min(0).optional());

/** The environment, parsed once. Names are fixed by DESIGN §2; tests and deployments rely on them. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  AUTH_JWT_SECRET: optional,
  AUTH_CONFIRM_EMAIL: bool,
  /** Test knobs: production keeps GoTrue's limits (DESIGN §3). */
  AUTH_RATE_LIMIT_TOKEN: z.coerce.number().int().positive().default(150),
  AUTH_RATE_LIMIT_TOKEN_BURST: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_SIGNUP: z.coerce.number().int().positive().default(30),
  AUTH_REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).default(10),
  AUTH_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  SUPABASE_URL: optional,
  /** The Supabase project the web build talks to (read at build time by vite); the CSP lets the page reach it. */
  VITE_SUPABASE_URL: optional,
  SUPABASE_ANON_KEY: optional,
  SUPABASE_JWT_SECRET: optional,
  SUPABASE_SERVICE_ROLE_KEY: optional,
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional,
  TRANSCRIBE_ENGINE: z.enum(["auto", "openai", "pocketsphinx", "none"]).default("auto"),
  /** Unset: the model an admin chose on the admin screen, else whisper-1 (engines/resolve.ts). */
  TRANSCRIBE_MODEL: optional,
  SUMMARY_ENGINE: z.enum(["auto", "openai", "extractive"]).default("auto"),
  /** Unset: the model an admin chose on the admin screen, else gpt-4o-mini (engines/resolve.ts). */
  SUMMARY_MODEL: optional,
  /** SUMMARY_MODEL's context window; notes beyond it are summarised in parts (map-reduce). gpt-4o-mini: 128k. */
  SUMMARY_CONTEXT_TOKENS: z.coerce.number().int().min(1000).default(128_000),
  /** Ask your journal: the chat model and its context; default the summary model's (same engine setting). */
  CHAT_MODEL: optional,
  CHAT_CONTEXT_TOKENS: z.coerce.number().int().min(1000).optional(),
  /** Questions a user may put to the chat model per 5 minutes (with a burst of a third of it); over it, 429. */
  CHAT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** A summary being written holds its lease this long (renewed while the model works). */
  SUMMARY_LEASE_SECONDS: z.coerce.number().int().positive().default(120),
  /** Transcription queue (DESIGN §6): lease length, poll interval, attempts, first retry delay. */
  TRANSCRIBE_LEASE_SECONDS: z.coerce.number().int().positive().default(600),
  TRANSCRIBE_POLL_MS: z.coerce.number().int().positive().default(2000),
  TRANSCRIBE_MAX_ATTEMPTS: z.coerce.number().int().positive().default(3),
  TRANSCRIBE_RETRY_BASE_MS: z.coerce.number().int().min(0).default(5000),
  TRANSCRIBE_CONCURRENCY: z.coerce.number().int().positive().default(1),
  /** One transcription attempt is stopped after this long (a hung decoder must not hold a note forever). */
  TRANSCRIBE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(3 * 60 * 60),
  /** Keep audio in S3-compatible object storage (S3_BUCKET set) instead of DATA_DIR/audio. */
  S3_ENDPOINT: optional,
  S3_REGION: optional,
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: bool,
  /** all: HTTP and transcription; api: HTTP only; worker: the transcription queue (and a health endpoint) only. */
  ROLE: z.enum(["all", "api", "worker"]).default("all"),
  MAX_AUDIO_BYTES: z.coerce.number().int().positive().default(104_857_600),
  /** POST /api/import: the zip's size, and what its entries may expand to in all (a zip bomb stops there). */
  IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(4 * 1024 ** 3),
  IMPORT_MAX_EXPANDED_BYTES: z.coerce.number().int().positive().default(8 * 1024 ** 3),
  /**
   * Upload temporaries and audio files without a row are removed at start and hourly once
   * untouched this long; well past any live upload (Node ends a request after 5 minutes).
   */
  CRASH_SWEEP_AGE_SECONDS: z.coerce.number().int().min(0).default(900),
  /**
   * Web Push (reminders): the VAPID key pair (URL-safe base64, as `web-push generate-vapid-keys`
   * prints) and the contact the push services see; the keys are generated once into DATA_DIR when
   * unset. Several processes on one database must share them (or one DATA_DIR).
   */
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { error: "VAPID_SUBJECT must be a mailto: address or an https: URL" })
    .default("mailto:admin@example.com"),
  /**
   * Origins (scheme://host:port, comma-separated) of push services the server may call although
   * they are not public https ones, e.g. a loopback stand-in in tests. Empty in production: only
   * https endpoints on public addresses are called, so a subscription cannot aim the server at
   * an internal address.
   */
  PUSH_ENDPOINT_ALLOWLIST: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((o) => o.trim()).filter(Boolean)),
  /**
   * Who may create an account: open, invite (with an admin's invitation link) or closed. Unset:
   * what the admin screen says, open by default. The first account of an instance is always allowed.
   */
  SIGNUPS: z.preprocess(blank, z.enum(["open", "invite", "closed"]).optional()),
  /** Daily limits of each account (its local day); unset: what the admin screen says, no limit by default. */
  LIMIT_TRANSCRIPTION_MINUTES_PER_DAY: limit,
  LIMIT_SUMMARIES_PER_DAY: limit,
  LIMIT_ASK_PER_DAY: limit,
  /** GET /metrics (Prometheus) answers a request bearing this token; unset: not on the main port. */
  METRICS_TOKEN: optional,
  /** Serve GET /metrics without a token on this port, bound to 127.0.0.1. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The embedded default's scheduled backups (database and audio) go here; unset: none are scheduled. */
  BACKUP_DIR: optional,
  /** How many scheduled backups are kept (the oldest go first). */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /** Hours between scheduled backups. */
  BACKUP_INTERVAL_HOURS: z.coerce.number().positive().default(24),
  /**
   * Seals the AI key an admin stores (base64 of 32 bytes). Unset: a key generated once into
   * DATA_DIR. Processes that share one database but not one DATA_DIR must share this.
   */
  SETTINGS_KEY: optional,
  /**
   * The address people reach the app at (https://journal.example.org): the OAuth issuer and the
   * /mcp resource assistants are told about. Unset: the origin each request came to.
   */
  PUBLIC_URL: z.preprocess(blank, z.url({ protocol: /^https?$/, error: "PUBLIC_URL must be an http(s) URL" }).optional()),
  /** Requests to /mcp per person per minute (a token bucket with as much room for a burst). */
  MCP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** The largest request body /mcp reads. */
  MCP_MAX_BODY_BYTES: z.coerce.number().int().positive().default(64 * 1024),
  /** Browser origins (comma-separated) allowed to call /mcp besides the app's own; a request without Origin is not a browser's. */
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((o) => o.trim()).filter(Boolean)),
  /** How long an OAuth access token lives; its refresh token gets the next one. */
  OAUTH_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  /** How long a refresh token stays usable when it is not used. */
  OAUTH_REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /**
   * Origins (comma-separated) of OAuth Client ID Metadata Documents the server may fetch although
   * they are not public https ones (a loopback client in tests). Empty in production.
   */
  OAUTH_CLIENT_METADATA_ALLOWLIST: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((o) => o.trim()).filter(Boolean)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Where the built web app lives; served with SPA fallback when present. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, "../../web/dist")),
});

export type Config = z.infer<typeof configSchema>;

/** Combinations each value allows on its own but that cannot work together. */
function conflicts(c: Config): string[] {
  const problems: string[] = [];
  const s3Set = [c.S3_ENDPOINT, c.S3_REGION, c.S3_ACCESS_KEY_ID, c.S3_SECRET_ACCESS_KEY].some((v) => v !== undefined);
  if (s3Set && !c.S3_BUCKET) problems.push("S3_BUCKET: required when any other S3_* variable is set");
  if ((c.S3_ACCESS_KEY_ID === undefined) !== (c.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push("S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither uses the SDK's own credentials)");
  }
  if ((c.VAPID_PUBLIC_KEY === undefined) !== (c.VAPID_PRIVATE_KEY === undefined)) {
    problems.push("VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither (neither generates a pair into DATA_DIR)");
  }
  for (const origin of c.PUSH_ENDPOINT_ALLOWLIST) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) problems.push(`PUSH_ENDPOINT_ALLOWLIST: "${origin}" is not an origin (scheme://host[:port])`);
  }
  if (c.ROLE !== "all" && !c.DATABASE_URL) {
    problems.push(`ROLE: "${c.ROLE}" shares the work with other processes, which needs DATABASE_URL (PGlite is opened by one process only)`);
  }
  return problems;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const problems = conflicts(parsed.data);
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
