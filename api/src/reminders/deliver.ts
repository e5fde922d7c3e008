import { REMINDER_TAG, REMINDER_TITLE, REMINDER_URL, isoWeekdayOfKey, journalPromptOf, periodRange, type ReminderPush } from "@vj/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { PushSender } from "../push/send.js";
import { pushSubscriptionsRepository } from "../repositories/push-subscriptions.js";
import { remindersRepository } from "../repositories/reminders.js";

export interface ReminderDeps {
  db: Kysely<DB>;
  sender: PushSender;
}

/** A reminder job's payload: the person's local day, and the instant it was due. */
export interface ReminderJob {
  day: string;
  dueAt: string;
}

export type ReminderResult = { status: "sent" | "skipped" | "failed" | "retry"; outcome: string };

/** A reminder this late is no longer "at the time you chose": it is not planned. */
export const REMINDER_LATE_MS = 2 * 3600_000;

/** The notification: the last note's title to come back to, or the day's prompt when there is none. */
export async function reminderMessage(db: Kysely<DB>, userId: string, day: string, at: Date): Promise<ReminderPush> {
  const last = await remindersRepository(db).lastNoteTitle(userId, at);
  return { title: REMINDER_TITLE, body: last ? `Last time: ${last}` : journalPromptOf(day), url: REMINDER_URL, tag: REMINDER_TAG };
}

/**
 * Sends one person's reminder of one local day to each of their devices. Skipped when the
 * settings no longer ask for it, when "only if I haven't recorded" holds and the day has a note,
 * or when no device is subscribed. A subscription the push service calls
 * gone (404/410) is removed. Sent when at least one device took it; tried again later when every
 * device failed for a reason that may pass.
 */
export async function deliverReminder(deps: ReminderDeps, userId: string, job: ReminderJob): Promise<ReminderResult> {
  const settings = await remindersRepository(deps.db).findSettings(userId);
  if (!settings?.enabled || !settings.days.includes(isoWeekdayOfKey(job.day))) return { status: "skipped", outcome: "reminders are off for this day" };
  if (settings.onlyIfNoNote) {
    const { start, end } = periodRange("day", job.day, settings.timeZone);
    if (await remindersRepository(deps.db).hasNoteBetween(userId, start, end)) return { status: "skipped", outcome: "a note was made that day" };
  }
  const subscriptions = pushSubscriptionsRepository(deps.db);
  const devices = await subscriptions.list(userId);
  if (devices.length === 0) return { status: "skipped", outcome: "no device is subscribed" };
  const payload = JSON.stringify(await reminderMessage(deps.db, userId, job.day, new Date(job.dueAt)));
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
