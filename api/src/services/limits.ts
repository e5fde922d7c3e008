import { periodKeyOf, periodRange, type Account, type DailyAllowance } from "@vj/core";
import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { DB, UserRow } from "../db/schema.js";
import { ApiError } from "../errors.js";
import type { InstanceControl } from "../instance/control.js";
import { defaultLimit, LIMIT_COLUMN, type LimitKind } from "../instance/effective.js";
import { usageRepository, type DayUsage } from "../repositories/usage.js";
import { usersRepository } from "../repositories/users.js";

/**
 * Per-account daily spending limits (DESIGN §16): transcription minutes, summaries and Ask
 * questions, counted on the account's local day (the zone its app last sent). A limit is the
 * account's own when an admin set one, else the instance's (LIMIT_* or the admin screen), else
 * none. Everything is counted, limited or not, for the admin screen's "AI use this month".
 */
export interface LimitsDeps {
  db: Kysely<DB>;
  config: Config;
  instance: InstanceControl;
}

const WHAT: Record<LimitKind, (n: number) => string> = {
  transcriptionMinutes: (n) => `${n} ${n === 1 ? "minute" : "minutes"} of transcription`,
  summaries: (n) => `${n} ${n === 1 ? "summary" : "summaries"}`,
  ask: (n) => `${n} ${n === 1 ? "question" : "questions"} to Ask`,
};

/** The account's local day and when it ends (the next local midnight), for `timeZone`. */
export function localDay(timeZone: string, now: Date): { day: string; resetsAt: Date } {
  const day = periodKeyOf(now, "day", timeZone);
  return { day, resetsAt: periodRange("day", day, timeZone).end };
}

function limitOf(deps: LimitsDeps, user: UserRow | undefined, settings: Awaited<ReturnType<InstanceControl["settings"]>>, kind: LimitKind) {
  return user?.[LIMIT_COLUMN[kind]] ?? defaultLimit(deps.config, settings, kind);
}

function limitReached(kind: LimitKind, limit: number, resetsAt: Date, timeZone: string): ApiError {
  const when = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(resetsAt);
  return new ApiError(
    "limit_reached",
    `Daily limit reached: ${WHAT[kind](limit)} a day on this Voice Journal. It resets at midnight (${when}).`,
    undefined,
    resetsAt,
  );
}

/**
 * Counts one summary request or Ask question, or refuses it with 429 limit_reached (and when the
 * limit resets) once the day's allowance is used. Records the zone the request carried.
 */
export async function spendOne(deps: LimitsDeps, userId: string, kind: "summaries" | "ask", timeZone: string, now = new Date()): Promise<void> {
  const users = usersRepository(deps.db);
  const [user, settings] = await Promise.all([users.findById(userId), deps.instance.settings()]);
  if (user && user.time_zone !== timeZone) await users.setTimeZone(userId, timeZone);
  const { day, resetsAt } = localDay(timeZone, now);
  const limit = limitOf(deps, user, settings, kind);
  const usage = usageRepository(deps.db);
  if (limit === null) return usage.add(userId, day, kind, 1);
  if (limit === 0 || !(await usage.takeOne(userId, day, kind, limit))) throw limitReached(kind, limit, resetsAt, timeZone);
}

/**
 * Whether a note of `durationSeconds` may be transcribed now: yes while the day's minutes
 * (with it) stay within the limit, and always as the day's first one (a recording longer than
 * the whole allowance is not kept waiting forever). Otherwise it waits until `waitUntil`.
 */
export async function admitTranscription(
  deps: LimitsDeps,
  userId: string,
  durationSeconds: number,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; waitUntil: Date }> {
  const [user, settings] = await Promise.all([usersRepository(deps.db).findById(userId), deps.instance.settings()]);
  const limit = limitOf(deps, user, settings, "transcriptionMinutes");
  if (limit === null) return { ok: true };
  const { day, resetsAt } = localDay(user?.time_zone ?? "UTC", now);
  const used = (await usageRepository(deps.db).onDay(userId, day)).transcriptionSeconds;
  if (limit > 0 && (used === 0 || used + durationSeconds <= limit * 60)) return { ok: true };
  return { ok: false, waitUntil: resetsAt };
}

/** Adds a finished transcription's seconds to the account's day. */
export async function recordTranscription(deps: Pick<LimitsDeps, "db">, userId: string, seconds: number, now = new Date()): Promise<void> {
  const user = await usersRepository(deps.db).findById(userId);
  const { day } = localDay(user?.time_zone ?? "UTC", now);
  await usageRepository(deps.db).add(userId, day, "transcriptionMinutes", seconds);
}

/** GET /api/account: who is signed in, whether they are an admin, and today's allowances. */
export async function accountToday(deps: LimitsDeps, user: UserRow, now = new Date()): Promise<Account> {
  const settings = await deps.instance.settings();
  const { day, resetsAt } = localDay(user.time_zone ?? "UTC", now);
  const used: DayUsage = await usageRepository(deps.db).onDay(user.id, day);
  const allowance = (kind: LimitKind, amount: number): DailyAllowance => ({
    limit: limitOf(deps, user, settings, kind),
    used: amount,
    resetsAt: resetsAt.toISOString(),
  });
  return {
    id: user.id,
    email: user.email,
    isAdmin: user.is_admin,
    today: {
      transcriptionMinutes: allowance("transcriptionMinutes", Math.round((used.transcriptionSeconds / 60) * 10) / 10),
      summaries: allowance("summaries", used.summaries),
      ask: allowance("ask", used.asks),
    },
  };
}
