import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { JobKind } from "../jobs/job-loop.js";
import { scheduledKind } from "../jobs/scheduled-kind.js";
import type { PushSender } from "../push/send.js";
import type { ScheduledJob } from "../repositories/scheduled-jobs.js";
import { remindersRepository } from "../repositories/reminders.js";
import { deliverReminder, REMINDER_LATE_MS, type ReminderJob } from "./deliver.js";
import { dueReminders } from "./schedule.js";

export const REMINDER_JOB = "reminder";

/**
 * Reminders to journal as a kind of the one job loop (DESIGN §14): every process plans, every
 * half minute, a job per person whose reminder time has come today in their zone, keyed
 * `${userId}/${localDay}` in the shared `jobs` table, so however many workers plan and claim,
 * each day's reminder is one job and is sent once. `clock` replaces the loop's time (tests).
 */
export function reminderKind(o: { db: Kysely<DB>; sender: PushSender; clock?: () => Date }): JobKind<ScheduledJob<ReminderJob>> {
  return scheduledKind<ReminderJob>({
    name: REMINDER_JOB,
    db: o.db,
    planEveryMs: 30_000,
    pollMs: 30_000,
    leaseSeconds: 60,
    maxAttempts: 3,
    retryBaseMs: 60_000,
    async plan(loopNow) {
      const now = o.clock?.() ?? loopNow;
      const people = await remindersRepository(o.db).enabledSettings();
      return people.flatMap((p) =>
        dueReminders({ minutes: p.minutes, days: p.days, tz: p.timeZone }, now, p.updatedAt, REMINDER_LATE_MS).map((r) => ({
          onceKey: `${p.userId}/${r.day}`,
          userId: p.userId,
          dueAt: r.dueAt,
          payload: { day: r.day, dueAt: r.dueAt.toISOString() } satisfies ReminderJob,
        })),
      );
    },
    async run(job, work) {
      const result = await deliverReminder({ db: o.db, sender: o.sender }, job.userId!, job.payload);
      work.log.info({ status: result.status, outcome: result.outcome }, "reminder");
      if (result.status === "retry") throw new Error(result.outcome);
      if (result.status === "failed") throw Object.assign(new Error(result.outcome), { retryable: false });
    },
  });
}
