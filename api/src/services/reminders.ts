import { addDaysToKey, type PushSubscriptionInput, type PutReminderSettings, type ReminderSettings } from "@vj/core";
import { ApiError } from "../errors.js";
import { pushEndpointProblem } from "../push/endpoint-policy.js";
import { loadVapidDetails } from "../push/vapid.js";
import { pushSubscriptionsRepository } from "../repositories/push-subscriptions.js";
import { remindersRepository, type ReminderSettingsRow } from "../repositories/reminders.js";
import { minutesOfTime, nextReminder, timeOfMinutes } from "../reminders/schedule.js";
import type { ServiceContext } from "./context.js";

/** What a person who never saved reminder settings sees: off, 20:00 every day, only when no note. */
const DEFAULTS: ReminderSettingsRow = { enabled: false, minutes: 20 * 60, days: [1, 2, 3, 4, 5, 6, 7], onlyIfNoNote: true, timeZone: "UTC" };

const toSettings = (r: ReminderSettingsRow): ReminderSettings => ({
  enabled: r.enabled,
  time: timeOfMinutes(r.minutes),
  days: r.days,
  onlyIfNoNote: r.onlyIfNoNote,
  tz: r.timeZone,
});

export async function getReminderSettings(ctx: ServiceContext, userId: string): Promise<ReminderSettings> {
  return toSettings((await remindersRepository(ctx.db).findSettings(userId)) ?? DEFAULTS);
}

/**
 * Saves the settings and plans the next reminder from them: the waiting one is dropped, and the
 * first occurrence after `now` is scheduled, on a later day when that day's reminder has been
 * settled already (never twice a day, also when the time is moved later on the same day).
 */
export async function putReminderSettings(
  ctx: ServiceContext,
  userId: string,
  input: PutReminderSettings,
  now = new Date(),
): Promise<ReminderSettings> {
  const repo = remindersRepository(ctx.db);
  const row: ReminderSettingsRow = { enabled: input.enabled, minutes: minutesOfTime(input.time), days: input.days, onlyIfNoNote: input.onlyIfNoNote, timeZone: input.tz };
  await repo.saveSettings(userId, row);
  await repo.dropWaiting(userId);
  if (row.enabled) await scheduleNextReminder(ctx, userId, row, now);
  return toSettings(row);
}

/** Schedules the first reminder after `now` (from `fromDay` on when given) on a day not settled yet. */
export async function scheduleNextReminder(ctx: Pick<ServiceContext, "db">, userId: string, s: ReminderSettingsRow, now: Date, fromDay?: string): Promise<void> {
  const repo = remindersRepository(ctx.db);
  const schedule = { minutes: s.minutes, days: s.days, tz: s.timeZone };
  let next = nextReminder(schedule, now, fromDay);
  // A settled day is skipped; a week of them cannot happen (each day holds one row), but stay bounded.
  for (let i = 0; next && i < 8; i++) {
    if (await repo.schedule(userId, next.day, next.dueAt)) return;
    next = nextReminder(schedule, now, addDaysToKey(next.day, 1));
  }
}

export function pushPublicKey(ctx: ServiceContext): { publicKey: string } {
  return { publicKey: loadVapidDetails(ctx.config).publicKey };
}

/** Stores a browser's push subscription; an endpoint the server would never call is refused (400). */
export async function subscribePush(ctx: ServiceContext, userId: string, input: PushSubscriptionInput): Promise<void> {
  const problem = pushEndpointProblem(input.endpoint, ctx.config.PUSH_ENDPOINT_ALLOWLIST);
  if (problem) throw new ApiError("validation_failed", problem, [{ path: "endpoint", message: problem }]);
  await pushSubscriptionsRepository(ctx.db).upsert(userId, { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
}

/** Forgets this person's subscription at that endpoint; one already gone (or another's) changes nothing. */
export async function unsubscribePush(ctx: ServiceContext, userId: string, endpoint: string): Promise<void> {
  await pushSubscriptionsRepository(ctx.db).remove(userId, endpoint);
}
