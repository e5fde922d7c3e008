import type { PushSubscriptionInput, PutReminderSettings, ReminderSettings } from "@vj/core";
import { ApiError } from "../errors.js";
import { pushEndpointProblem } from "../push/endpoint-policy.js";
import { loadVapidDetails } from "../push/vapid.js";
import { pushSubscriptionsRepository } from "../repositories/push-subscriptions.js";
import { remindersRepository, type ReminderSettingsRow } from "../repositories/reminders.js";
import { minutesOfTime, timeOfMinutes } from "../reminders/schedule.js";
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
 * Saves the settings. The reminders follow them from the job loop's next plan (reminders/plan.ts);
 * a time that had already passed today when they were saved waits until its next day.
 */
export async function putReminderSettings(
  ctx: ServiceContext,
  userId: string,
  input: PutReminderSettings,
  now = new Date(),
): Promise<ReminderSettings> {
  const row: ReminderSettingsRow = { enabled: input.enabled, minutes: minutesOfTime(input.time), days: input.days, onlyIfNoNote: input.onlyIfNoNote, timeZone: input.tz };
  await remindersRepository(ctx.db).saveSettings(userId, row, now);
  return toSettings(row);
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
