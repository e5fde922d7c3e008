import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { scheduledJobsRepository, type NewScheduledJob, type ScheduledJob } from "../repositories/scheduled-jobs.js";
import type { JobKind, JobWork } from "./job-loop.js";

export interface ScheduledKindSpec<P> {
  /** The kind's name: unique, and the wake-up signal's payload. */
  name: string;
  db: Kysely<DB>;
  /**
   * One attempt at the job's work. It is recorded as done when this returns, so a crash between
   * the two runs it again: make the work safe to repeat, or check for it first. Throw to fail the
   * attempt (`retryable: false` on the error gives up at once).
   */
  run(job: ScheduledJob<P>, work: JobWork): Promise<void>;
  /**
   * Recurring kinds: the jobs that should exist by `now`, e.g. one per person whose reminder time
   * has come today in their zone, keyed `${userId}/${localDay}` and due at that instant. Every
   * process plans; the key makes each job one, and a claim takes it once.
   */
  plan?(now: Date): Promise<NewScheduledJob[]>;
  planEveryMs?: number;
  leaseSeconds?: number;
  pollMs?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  concurrency?: number;
  timeoutMs?: number;
  onSettled?: (job: ScheduledJob<P>) => void;
}

const HOUR_MS = 3600_000;

/**
 * A job kind kept in the shared `jobs` table, so adding one needs no migration: a job due at an
 * instant, once per key, claimed by one worker however many share PostgreSQL. A one-off job is
 * put there with `scheduledJobsRepository(db).schedule(name, [...])` (then `wakeJobs(name)` if
 * it is due now); a recurring one comes from `plan`. Jobs that ended are removed after
 * FINISHED_JOBS_KEPT_DAYS, checked hourly.
 */
export function scheduledKind<P>(spec: ScheduledKindSpec<P>): JobKind<ScheduledJob<P>> {
  const jobs = scheduledJobsRepository(spec.db);
  const queue = jobs.queue<P>(spec.name);
  let tidiedAt = 0;
  return {
    name: spec.name,
    queue,
    leaseSeconds: spec.leaseSeconds ?? 120,
    pollMs: spec.pollMs ?? 10_000,
    maxAttempts: spec.maxAttempts ?? 3,
    retryBaseMs: spec.retryBaseMs ?? 30_000,
    concurrency: spec.concurrency ?? 1,
    ...(spec.timeoutMs !== undefined ? { timeoutMs: spec.timeoutMs } : {}),
    ...(spec.planEveryMs !== undefined ? { planEveryMs: spec.planEveryMs } : {}),
    interruptedReason: "It was interrupted too many times.",
    onSettled: spec.onSettled,
    async plan(now) {
      if (spec.plan) await jobs.schedule(spec.name, await spec.plan(now));
      if (now.getTime() - tidiedAt >= HOUR_MS) {
        tidiedAt = now.getTime();
        await jobs.removeFinished();
      }
    },
    async run(job, work) {
      await spec.run(job, work);
      return queue.complete(job.id, work.workerId);
    },
  };
}
