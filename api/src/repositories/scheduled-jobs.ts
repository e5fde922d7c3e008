import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { leasedJobs } from "./leased-jobs.js";

/** A job to put in the `jobs` table: once per (kind, onceKey), due at `dueAt`. */
export interface NewScheduledJob {
  /** What makes it one: e.g. `${userId}/${localDay}` for a person's daily job. */
  onceKey: string;
  /** Whose it is (account deletion removes it); null for the instance's own jobs (a backup). */
  userId?: string | null;
  dueAt: Date;
  payload?: unknown;
}

/** A job of the `jobs` table claimed by one worker under a lease. */
export interface ScheduledJob<P = unknown> {
  id: string;
  kind: string;
  onceKey: string;
  userId: string | null;
  payload: P;
  attempts: number;
}

interface JobRow {
  id: string;
  kind: string;
  once_key: string;
  user_id: string | null;
  payload: unknown;
  attempts: number;
}

/** How long a job that ended is kept, as the record that it ran (and so that it is not planned again). */
export const FINISHED_JOBS_KEPT_DAYS = 30;

/** The `jobs` table (migration 20261128T0200_scheduled_jobs): the queue of every kind that has no table of its own. */
export function scheduledJobsRepository(db: Kysely<DB>) {
  return {
    /** Inserts the jobs not there yet; a (kind, onceKey) already planned, run or failed is left as it is. How many were new. */
    async schedule(kind: string, jobs: NewScheduledJob[]): Promise<number> {
      if (jobs.length === 0) return 0;
      const r = await db
        .insertInto("jobs")
        .values(
          jobs.map((j) => ({
            kind,
            once_key: j.onceKey,
            user_id: j.userId ?? null,
            next_attempt_at: j.dueAt,
            payload: JSON.stringify(j.payload ?? {}),
          })),
        )
        .onConflict((oc) => oc.columns(["kind", "once_key"]).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n);
    },

    /** The queue of one kind, as the job loop works it. */
    queue<P>(kind: string) {
      const leased = leasedJobs(db, { table: "jobs", pending: sql`status = 'pending' AND kind = ${kind}` });
      const end = (id: string, workerId: string, status: "done" | "failed", error: string | null) =>
        db
          .updateTable("jobs")
          .set({ status, error, lease_owner: null, lease_expires_at: null, finished_at: sql<Date>`now()` })
          .where("id", "=", id)
          .where("lease_owner", "=", workerId)
          .where("status", "=", "pending")
          .executeTakeFirst();
      return {
        async claim(workerId: string, leaseSeconds: number): Promise<ScheduledJob<P> | undefined> {
          const r = await leased.claim<JobRow>(workerId, leaseSeconds, ["id", "kind", "once_key", "user_id", "payload", "attempts"]);
          return r && { id: r.id, kind: r.kind, onceKey: r.once_key, userId: r.user_id, payload: r.payload as P, attempts: r.attempts };
        },
        renew: leased.renew,
        retryLater: leased.retryLater,
        release: leased.release,
        resumeAbandoned: leased.resumeAbandoned,
        /** The job ran; false when its lease was gone (another worker took it over). */
        async complete(id: string, workerId: string): Promise<boolean> {
          return (await end(id, workerId, "done", null)).numUpdatedRows > 0n;
        },
        async fail(job: ScheduledJob<P>, workerId: string, reason: string): Promise<void> {
          await end(job.id, workerId, "failed", reason);
        },
      };
    },

    /** Removes jobs that ended more than `days` ago. */
    async removeFinished(days = FINISHED_JOBS_KEPT_DAYS): Promise<number> {
      const r = await db
        .deleteFrom("jobs")
        .where("status", "<>", "pending")
        .where("finished_at", "<", sql<Date>`now() - make_interval(days => ${days})`)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

export type ScheduledJobsRepository = ReturnType<typeof scheduledJobsRepository>;
