import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { PushSender } from "../push/send.js";
import { reminderJobsRepository } from "../repositories/reminder-jobs.js";
import { deliverReminder, scheduleAfter } from "./deliver.js";

export interface ReminderWorkOptions {
  db: Kysely<DB>;
  sender: PushSender;
  logger: Logger;
  workerId: string;
  leaseSeconds: number;
  maxAttempts: number;
  retryBaseMs: number;
  /** The clock the schedule is read with (tests freeze it). */
  now?: () => Date;
}

/**
 * Sends every reminder that is due, one at a time, each claimed under a lease; after a day is
 * settled the person's next reminder is scheduled. Returns how many were settled.
 */
export async function workDueReminders(o: ReminderWorkOptions): Promise<number> {
  const jobs = reminderJobsRepository(o.db);
  const now = o.now ?? (() => new Date());
  let settled = 0;
  for (;;) {
    const job = await jobs.claim(o.workerId, o.leaseSeconds, o.now?.());
    if (!job) return settled;
    const log = o.logger.child({ reminder: job.id, day: job.day, attempt: job.attempts });
    const result = await deliverReminder({ db: o.db, sender: o.sender, logger: log }, job, now()).catch((err: unknown) => ({
      status: "retry" as const,
      outcome: err instanceof Error ? err.message : String(err),
    }));
    if (result.status === "retry" && job.attempts < o.maxAttempts) {
      log.warn({ outcome: result.outcome }, "reminder not delivered; will retry");
      await jobs.retryLater(job.id, o.workerId, o.retryBaseMs * 2 ** (job.attempts - 1), result.outcome);
      continue;
    }
    const status = result.status === "retry" ? "failed" : result.status;
    if (await jobs.settle(job.id, o.workerId, status, result.outcome)) {
      settled += 1;
      log.info({ status, outcome: result.outcome }, "reminder settled");
      await scheduleAfter({ db: o.db }, job, now());
    }
  }
}
