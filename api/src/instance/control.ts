import { sql, type Kysely } from "kysely";
import type { Config } from "../config.js";
import type { DB } from "../db/schema.js";
import type { LiveEngines } from "../engines/live.js";
import { resolveEngines, type Engines } from "../engines/resolve.js";
import type { Logger } from "../logger.js";
import { instanceSettingsRepository, type InstanceSettingsPatch, type InstanceSettingsRow } from "../repositories/instance-settings.js";
import { effectiveEngineConfig } from "./effective.js";
import { openSecretBox, type SecretBox } from "./secret-box.js";

export interface InstanceControlDeps {
  db: Kysely<DB>;
  config: Config;
  logger: Logger;
  /** Replaced in place when the AI settings change, when they are live (engines/live.ts). */
  engines: Engines;
  secrets?: SecretBox;
  /** After the engines in force changed here: a process that transcribes queues the notes that waited for one. */
  onEnginesChanged?: () => void;
  /** Tells the other processes on the database that the settings changed (PostgreSQL NOTIFY). */
  broadcast?: () => Promise<void>;
}

/** What an admin sets from the app, as this process holds it, and how a change reaches every process. */
export interface InstanceControl {
  /** The settings row; read once, then kept until a change is heard of. */
  settings(): Promise<InstanceSettingsRow>;
  /** Writes a change, applies it here at once and tells the other processes. */
  update(patch: InstanceSettingsPatch): Promise<InstanceSettingsRow>;
  /** Reads the row again and applies it (another process changed it). */
  reload(): Promise<void>;
  /** Reads the version only and reloads when it moved: the fallback for a missed notification. */
  check(): Promise<void>;
  /** The stored AI key in plain text (for the engines and the Test button; never answered to a browser). */
  storedKey(row: InstanceSettingsRow): string | undefined;
  secrets: SecretBox;
}

/** The PostgreSQL channel on which a process tells the others that the settings changed. */
export const SETTINGS_CHANNEL = "vj_settings";
/** Without a notification (a reconnect lost it), a change is still seen within this long. */
export const SETTINGS_POLL_MS = 30_000;

export async function notifySettingsChanged(db: Kysely<DB>): Promise<void> {
  await sql`SELECT pg_notify(${SETTINGS_CHANNEL}, '')`.execute(db);
}

const isLive = (engines: Engines): engines is LiveEngines => typeof (engines as Partial<LiveEngines>).replace === "function";

/**
 * One per process. The engines follow the AI settings without a restart: a change made here
 * is applied at once; on PostgreSQL the other processes hear of it by NOTIFY and, should that
 * be missed, by `check()` (server.ts runs it every INSTANCE_SETTINGS_POLL_MS).
 */
export function createInstanceControl(deps: InstanceControlDeps): InstanceControl {
  const { config, logger, engines } = deps;
  const repo = instanceSettingsRepository(deps.db);
  const secrets = deps.secrets ?? openSecretBox(config);
  let row: InstanceSettingsRow | undefined;
  let reading: Promise<InstanceSettingsRow> | undefined;
  // What the engines were made from at start: the environment alone.
  let applied = engineSignature(effectiveEngineConfig(config, blankRow, undefined));

  const storedKey = (r: InstanceSettingsRow) => {
    if (!r.ai_key_encrypted) return undefined;
    const key = secrets.open(r.ai_key_encrypted);
    if (key === undefined) {
      logger.warn("The AI key stored from the admin screen cannot be read with this process's SETTINGS_KEY (or DATA_DIR key file): enter it again on the admin screen");
    }
    return key;
  };

  function apply(next: InstanceSettingsRow) {
    row = next;
    const engineConfig = effectiveEngineConfig(config, next, storedKey(next));
    const signature = engineSignature(engineConfig);
    if (signature === applied || !isLive(engines)) return;
    applied = signature;
    const resolved = resolveEngines(engineConfig);
    engines.replace(resolved);
    logger.info({ transcription: resolved.info.transcription, summaries: resolved.info.summaries }, "engines changed by the AI settings");
    deps.onEnginesChanged?.();
  }

  const read = () =>
    (reading ??= repo.read().finally(() => {
      reading = undefined;
    }));

  return {
    secrets,
    storedKey,
    async settings() {
      if (!row) apply(await read());
      return row!;
    },
    async update(patch) {
      const next = await repo.update(patch);
      apply(next);
      await deps.broadcast?.().catch((err: unknown) => logger.warn({ err }, "settings change notification failed"));
      return next;
    },
    async reload() {
      apply(await read());
    },
    async check() {
      if (!row || (await repo.version()) !== Number(row.version)) apply(await read());
    },
  };
}

/** The fields that choose the engines; the key is in it, so this string is never logged. */
function engineSignature(c: ReturnType<typeof effectiveEngineConfig>): string {
  return JSON.stringify([c.OPENAI_BASE_URL, c.OPENAI_API_KEY, c.TRANSCRIBE_ENGINE, c.TRANSCRIBE_MODEL, c.SUMMARY_ENGINE, c.SUMMARY_MODEL, c.CHAT_MODEL]);
}

const blankRow: InstanceSettingsRow = {
  id: 1,
  signups: null,
  ai_base_url: null,
  ai_key_encrypted: null,
  ai_transcription_model: null,
  ai_summary_model: null,
  ai_chat_model: null,
  limit_transcription_minutes: null,
  limit_summaries: null,
  limit_ask: null,
  version: 0,
  updated_at: new Date(0),
};

const made = new WeakMap<object, InstanceControl>();

/**
 * The deps' InstanceControl: the one server.ts made, or one made once for these deps (an app
 * built by a test), so every route of one app reads the same settings.
 */
export function instanceControlOf(deps: Pick<InstanceControlDeps, "config" | "logger" | "engines"> & { database: { db: Kysely<DB> }; instance?: InstanceControl }): InstanceControl {
  if (deps.instance) return deps.instance;
  let control = made.get(deps);
  if (!control) {
    control = createInstanceControl({ db: deps.database.db, config: deps.config, logger: deps.logger, engines: deps.engines });
    made.set(deps, control);
  }
  return control;
}
