import { REMINDER_TAG, REMINDER_TITLE, REMINDER_URL, addDaysToKey, isoWeekdayOfKey, journalPromptOf, periodRange, type ReminderPush } from "@vj/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { PushSender } from "../push/send.js";
import { pushSubscriptionsRepository } from "../repositories/push-subscriptions.js";
import type { ClaimedReminder, ReminderSettlement } from "../repositories/reminder-jobs.js";
import { remindersRepository } from "../repositories/reminders.js";
import { scheduleNextReminder } from "../services/reminders.js";
import type { ServiceContext } from "../services/context.js";

export interface ReminderDeps {
  db: Kysely<DB>;
  sender: PushSender;
  logger: Logger;
}

export type ReminderResult = { status: ReminderSettlement; outcome: string } | { status: "retry"; outcome: string };

/** A reminder this late is no longer "at the time you chose": it is skipped, not sent. */
export const REMINDER_LATE_MS = 2 * 3600_000;

/** The notification: the last note's title to come back to, or the day's prompt when there is none. */
export async function reminderMessage(db: Kysely<DB>, userId: string, day: string, now: Date): Promise<ReminderPush> {
  const last = await remindersRepository(db).lastNoteTitle(userId, now);
  return { title: REMINDER_TITLE, body: last ? `Last time: ${last}` : journalPromptOf(day), url: REMINDER_URL, tag: REMINDER_TAG };
}

/**
 * Sends one person's reminder of one local day to each of their devices. Skipped when the
 * settings no longer ask for it, when "only if I haven't recorded" holds and the day has a note,
 * when it is hours late, or when no device is subscribed. A subscription the push service calls
 * gone (404/410) is removed. Sent when at least one device took it; tried again later when every
 * device failed for a reason that may pass.
 */
export async function deliverReminder(deps: ReminderDeps, job: ClaimedReminder, now: Date): Promise<ReminderResult> {
  const settings = await remindersRepository(deps.db).findSettings(job.userId);
  if (!settings?.enabled || !settings.days.includes(isoWeekdayOfKey(job.day))) return { status: "skipped", outcome: "reminders are off for this day" };
  if (now.getTime() - job.dueAt.getTime() > REMINDER_LATE_MS) return { status: "skipped", outcome: "too late to be useful" };
  if (settings.onlyIfNoNote) {
    const { start, end } = periodRange("day", job.day, settings.timeZone);
    if (await remindersRepository(deps.db).hasNoteBetween(job.userId, start, end)) return { status: "skipped", outcome: "a note was made that day" };
  }
  const subscriptions = pushSubscriptionsRepository(deps.db);
  const devices = await subscriptions.list(job.userId);
  if (devices.length === 0) return { status: "skipped", outcome: "no device is subscribed" };
  const payload = JSON.stringify(await reminderMessage(deps.db, job.userId, job.day, now));
  const tally = { sent: 0, gone: 0, refused: 0, retry: 0 };
  const reasons: string[] = [];
  for (const device of devices) {
    const outcome = await deps.sender.send(device, payload);
    tally[outcome.kind] += 1;
    if (outcome.kind === "gone") await subscriptions.removeById(device.id);
    if (outcome.kind === "refused" || outcome.kind === "retry") reasons.push(outcome.reason);
  }
  const summary = `sent to ${tally.sent} of ${devices.length} devices` + (tally.gone ? `, ${tally.gone} gone (removed)` : "") + (reasons.length ? `; ${reasons.join("; ")}` : "");
  if (tally.sent > 0) return { status: "sent", outcome: summary };
  if (tally.retry > 0) return { status: "retry", outcome: summary };
  return { status: tally.gone === devices.length ? "skipped" : "failed", outcome: summary };
}

/** After a day's reminder is settled, the next one: the first chosen day after it. */
export async function scheduleAfter(ctx: Pick<ServiceContext, "db">, job: ClaimedReminder, now: Date): Promise<void> {
  const settings = await remindersRepository(ctx.db).findSettings(job.userId);
  if (settings?.enabled) await scheduleNextReminder(ctx, job.userId, settings, now, addDaysToKey(job.day, 1));
}
