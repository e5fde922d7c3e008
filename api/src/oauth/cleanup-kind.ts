import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { JobKind } from "../jobs/job-loop.js";
import { scheduledKind } from "../jobs/scheduled-kind.js";
import { assistantAccessRepository } from "../repositories/assistant-access.js";
import { oauthRepository } from "../repositories/oauth.js";
import type { ScheduledJob } from "../repositories/scheduled-jobs.js";

export const ASSISTANT_CLEANUP_JOB = "assistant-cleanup";
const HOUR_MS = 3600_000;

/**
 * Expired OAuth access and refresh tokens and spent or stale authorization requests go, once an
 * hour, as a kind of the one job loop (a job per hour slot, so however many processes plan, one
 * runs it). Deleting what is already refused changes nothing a client sees: safe to repeat.
 */
export function assistantCleanupKind(db: Kysely<DB>): JobKind<ScheduledJob<unknown>> {
  return scheduledKind({
    name: ASSISTANT_CLEANUP_JOB,
    db,
    planEveryMs: 5 * 60_000,
    pollMs: 60_000,
    leaseSeconds: 120,
    plan: async (now) => {
      const slot = Math.floor(now.getTime() / HOUR_MS);
      return [{ onceKey: `${ASSISTANT_CLEANUP_JOB}/${slot}`, dueAt: new Date(slot * HOUR_MS) }];
    },
    run: async () => {
      await assistantAccessRepository(db).deleteExpired();
      await oauthRepository(db).deleteStale();
    },
  });
}
