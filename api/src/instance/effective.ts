import type { Config } from "../config.js";
import type { EngineConfig } from "../engines/resolve.js";
import type { InstanceSettingsRow } from "../repositories/instance-settings.js";

export type SignupPolicy = "open" | "invite" | "closed";

/** Who may sign up: SIGNUPS when set, else the admin screen's choice, else open (the landing page invites visitors). */
export function signupPolicy(config: Pick<Config, "SIGNUPS">, row: Pick<InstanceSettingsRow, "signups">): SignupPolicy {
  return config.SIGNUPS ?? row.signups ?? "open";
}

export type LimitKind = "transcriptionMinutes" | "summaries" | "ask";

const LIMIT_ENV = {
  transcriptionMinutes: "LIMIT_TRANSCRIPTION_MINUTES_PER_DAY",
  summaries: "LIMIT_SUMMARIES_PER_DAY",
  ask: "LIMIT_ASK_PER_DAY",
} as const satisfies Record<LimitKind, keyof Config>;

const LIMIT_COLUMN = {
  transcriptionMinutes: "limit_transcription_minutes",
  summaries: "limit_summaries",
  ask: "limit_ask",
} as const satisfies Record<LimitKind, keyof InstanceSettingsRow>;

export const LIMIT_KINDS = Object.keys(LIMIT_ENV) as LimitKind[];
export { LIMIT_COLUMN, LIMIT_ENV };

/** An instance default: the environment's when set, else the admin screen's; null is no limit. */
export function defaultLimit(config: Config, row: InstanceSettingsRow, kind: LimitKind): number | null {
  return config[LIMIT_ENV[kind]] ?? row[LIMIT_COLUMN[kind]] ?? null;
}

/**
 * The engine configuration in force: each variable of the environment that is set wins, the
 * admin screen's values fill the rest. An endpoint set on the admin screen (a base URL or a
 * key) is what the admin wants used, so engines left on `auto` take it.
 */
export function effectiveEngineConfig(config: Config, row: InstanceSettingsRow, storedKey: string | undefined): EngineConfig {
  const adminEndpoint = Boolean(row.ai_base_url || storedKey);
  return {
    ...config,
    OPENAI_BASE_URL: config.OPENAI_BASE_URL ?? row.ai_base_url ?? undefined,
    OPENAI_API_KEY: config.OPENAI_API_KEY ?? storedKey,
    TRANSCRIBE_MODEL: config.TRANSCRIBE_MODEL ?? row.ai_transcription_model ?? undefined,
    SUMMARY_MODEL: config.SUMMARY_MODEL ?? row.ai_summary_model ?? undefined,
    CHAT_MODEL: config.CHAT_MODEL ?? row.ai_chat_model ?? undefined,
    TRANSCRIBE_ENGINE: config.TRANSCRIBE_ENGINE === "auto" && adminEndpoint ? "openai" : config.TRANSCRIBE_ENGINE,
    SUMMARY_ENGINE: config.SUMMARY_ENGINE === "auto" && adminEndpoint ? "openai" : config.SUMMARY_ENGINE,
  };
}
