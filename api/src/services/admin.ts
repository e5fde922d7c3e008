import type { AdminAccount, InstanceSettings, UpdateAccountInput, UpdateInstanceSettingsInput } from "@vj/core";
import type { Config } from "../config.js";
import { ApiError, notFound } from "../errors.js";
import { defaultLimit, LIMIT_ENV, signupPolicy, type LimitKind } from "../instance/effective.js";
import { adminRepository, type AccountSummaryRow } from "../repositories/admin.js";
import { authSessionsRepository } from "../repositories/auth-sessions.js";
import type { InstanceSettingsPatch, InstanceSettingsRow } from "../repositories/instance-settings.js";
import { instanceSettingsRepository } from "../repositories/instance-settings.js";
import { usersRepository } from "../repositories/users.js";
import { deleteAccount } from "./account.js";
import { iso, type ServiceContext } from "./context.js";

/**
 * The admin screen's rules (DESIGN §16): accounts with their counts, disable / enable / delete,
 * make or remove an admin (never the last one that can sign in), and the instance's settings,
 * where a variable set in the environment wins and cannot be changed from the app.
 */

const LAST_ADMIN = "An instance needs an admin who can sign in: make another account an admin first.";

/** The first day of the current month (UTC), as usage days are keyed. */
const monthStart = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;

function toAdminAccount(row: AccountSummaryRow): AdminAccount {
  return {
    id: row.id,
    email: row.email,
    createdAt: iso(row.created_at),
    lastActiveAt: row.last_active_at ? iso(row.last_active_at) : null,
    isAdmin: row.is_admin,
    disabled: row.disabled_at !== null,
    notes: row.notes,
    audioBytes: row.audio_bytes,
    aiThisMonth: {
      transcriptionMinutes: Math.round((row.month_transcription_seconds / 60) * 10) / 10,
      summaries: row.month_summaries,
      ask: row.month_asks,
    },
    limits: { transcriptionMinutes: row.limit_transcription_minutes, summaries: row.limit_summaries, ask: row.limit_ask },
  };
}

export async function listAccounts(ctx: ServiceContext, now = new Date()): Promise<AdminAccount[]> {
  return (await adminRepository(ctx.db).accounts(monthStart(now))).map(toAdminAccount);
}

async function oneAccount(ctx: ServiceContext, id: string): Promise<AdminAccount> {
  const [row] = await adminRepository(ctx.db).accounts(monthStart(new Date()), id);
  if (!row) throw notFound("Account");
  return toAdminAccount(row);
}

/**
 * Disables or enables an account, makes or removes an admin, sets its own limits. Disabling ends
 * every session of the account at once (its tokens stop working) and keeps it from signing in;
 * its notes stay. Changes to admins run one at a time, so two admins cannot remove each other.
 */
export async function updateAccount(ctx: ServiceContext, adminId: string, id: string, input: UpdateAccountInput): Promise<AdminAccount> {
  await ctx.db.transaction().execute(async (trx) => {
    await instanceSettingsRepository(trx).lock();
    const target = await usersRepository(trx).findById(id);
    if (!target) throw notFound("Account");
    const admin = adminRepository(trx);
    if (input.disabled && id === adminId) throw new ApiError("conflict", "You cannot disable your own account.");
    const removesAdmin = target.is_admin && target.disabled_at === null && (input.disabled === true || input.isAdmin === false);
    if (removesAdmin && (await admin.otherActiveAdmins(id)) === 0) throw new ApiError("conflict", LAST_ADMIN);
    const limits = input.limits ?? {};
    await admin.update(id, {
      ...(input.isAdmin !== undefined ? { is_admin: input.isAdmin } : {}),
      ...(input.disabled !== undefined ? { disabled_at: input.disabled ? (target.disabled_at ?? new Date()) : null } : {}),
      ...(limits.transcriptionMinutes !== undefined ? { limit_transcription_minutes: limits.transcriptionMinutes } : {}),
      ...(limits.summaries !== undefined ? { limit_summaries: limits.summaries } : {}),
      ...(limits.ask !== undefined ? { limit_ask: limits.ask } : {}),
    });
    if (input.disabled) await authSessionsRepository(trx).deleteUserSessions(id);
  });
  if (input.disabled) {
    ctx.onAccountRevoked?.(id);
    ctx.logger.info({ userId: id, adminId }, "account disabled; its sessions ended");
  }
  return oneAccount(ctx, id);
}

/** Deletes an account as its owner can (every row and every audio file), unless it is the last admin. */
export async function deleteAccountByAdmin(ctx: ServiceContext, adminId: string, id: string): Promise<void> {
  const target = await usersRepository(ctx.db).findById(id);
  if (!target) throw notFound("Account");
  if (target.is_admin && target.disabled_at === null && (await adminRepository(ctx.db).otherActiveAdmins(id)) === 0) {
    throw new ApiError("conflict", LAST_ADMIN);
  }
  ctx.onAccountRevoked?.(id);
  await deleteAccount(ctx, id);
  ctx.logger.info({ userId: id, adminId }, "account deleted by an admin");
}

const LIMIT_FIELDS = {
  transcriptionMinutes: ["transcriptionMinutesPerDay", "limit_transcription_minutes"],
  summaries: ["summariesPerDay", "limit_summaries"],
  ask: ["askPerDay", "limit_ask"],
} as const satisfies Record<LimitKind, readonly [string, keyof InstanceSettingsRow]>;

/** The settings as the admin screen shows them: each value in force and whether the environment fixes it. */
export function settingsView(config: Config, row: InstanceSettingsRow): InstanceSettings {
  const setting = <T>(env: T | undefined, stored: T | null) => ({ value: env ?? stored ?? null, fromEnvironment: env !== undefined });
  const limit = (kind: LimitKind) => ({ value: defaultLimit(config, row, kind), fromEnvironment: config[LIMIT_ENV[kind]] !== undefined });
  return {
    signups: { value: signupPolicy(config, row), fromEnvironment: config.SIGNUPS !== undefined },
    ai: {
      baseUrl: setting(config.OPENAI_BASE_URL, row.ai_base_url),
      apiKey: { set: Boolean(config.OPENAI_API_KEY || row.ai_key_encrypted), fromEnvironment: config.OPENAI_API_KEY !== undefined },
      transcriptionModel: setting(config.TRANSCRIBE_MODEL, row.ai_transcription_model),
      summaryModel: setting(config.SUMMARY_MODEL, row.ai_summary_model),
      chatModel: setting(config.CHAT_MODEL, row.ai_chat_model),
    },
    limits: {
      transcriptionMinutesPerDay: limit("transcriptionMinutes"),
      summariesPerDay: limit("summaries"),
      askPerDay: limit("ask"),
    },
  };
}

export async function readSettings(ctx: ServiceContext): Promise<InstanceSettings> {
  return settingsView(ctx.config, await ctx.instance.settings());
}

/**
 * Saves what the admin changed. A setting the environment fixes is refused (409): saving it
 * would change nothing while the variable is set. The AI key is sealed before it is stored.
 * The change is in force on every process at once (InstanceControl.update).
 */
export async function updateSettings(ctx: ServiceContext, input: UpdateInstanceSettingsInput): Promise<InstanceSettings> {
  const { config } = ctx;
  const fixed = (variable: keyof Config, given: unknown) => {
    if (given !== undefined && config[variable] !== undefined) {
      throw new ApiError("conflict", `${variable} is set in the server's environment, which wins: change it there.`);
    }
  };
  const patch: InstanceSettingsPatch = {};
  fixed("SIGNUPS", input.signups);
  if (input.signups !== undefined) patch.signups = input.signups;
  const ai = input.ai ?? {};
  fixed("OPENAI_BASE_URL", ai.baseUrl);
  fixed("OPENAI_API_KEY", ai.apiKey);
  fixed("TRANSCRIBE_MODEL", ai.transcriptionModel);
  fixed("SUMMARY_MODEL", ai.summaryModel);
  fixed("CHAT_MODEL", ai.chatModel);
  if (ai.baseUrl !== undefined) patch.ai_base_url = ai.baseUrl;
  if (ai.apiKey !== undefined) patch.ai_key_encrypted = ai.apiKey === null ? null : ctx.instance.secrets.seal(ai.apiKey);
  if (ai.transcriptionModel !== undefined) patch.ai_transcription_model = ai.transcriptionModel;
  if (ai.summaryModel !== undefined) patch.ai_summary_model = ai.summaryModel;
  if (ai.chatModel !== undefined) patch.ai_chat_model = ai.chatModel;
  for (const [kind, [field, column]] of Object.entries(LIMIT_FIELDS) as [LimitKind, (typeof LIMIT_FIELDS)[LimitKind]][]) {
    const given = input.limits?.[field];
    fixed(LIMIT_ENV[kind], given);
    if (given !== undefined) patch[column] = given;
  }
  const row = await ctx.instance.update(patch);
  ctx.logger.info({ changed: Object.keys(patch) }, "instance settings changed");
  return settingsView(config, row);
}
