import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { DB } from "../db/schema.js";
import type { JobKind } from "../jobs/job-loop.js";
import { scheduledKind } from "../jobs/scheduled-kind.js";
import type { ScheduledJob } from "../repositories/scheduled-jobs.js";
import type { Logger } from "../logger.js";
import type { TakenBackup } from "./take.js";

export const BACKUP_JOB = "backup";

/**
 * The scheduled backup, a kind of the job loop: one job per BACKUP_INTERVAL_HOURS slot (daily by
 * default), due at the slot's start, so a restart within a slot takes none again. It keeps the
 * newest BACKUP_KEEP backups in BACKUP_DIR.
 */
export function scheduledBackups(
  db: Kysely<DB>,
  config: Pick<Config, "BACKUP_DIR" | "BACKUP_KEEP" | "BACKUP_INTERVAL_HOURS">,
  backup: (dir: string, keep: number) => Promise<TakenBackup>,
  logger: Logger,
): JobKind<ScheduledJob<unknown>> {
  const intervalMs = config.BACKUP_INTERVAL_HOURS * 3600_000;
  return scheduledKind({
    name: BACKUP_JOB,
    db,
    leaseSeconds: 600,
    pollMs: 60_000,
    maxAttempts: 3,
    retryBaseMs: 5 * 60_000,
    plan: async (now) => {
      const slot = Math.floor(now.getTime() / intervalMs);
      return [{ onceKey: `backup/${slot}`, dueAt: new Date(slot * intervalMs) }];
    },
    run: async () => {
      const taken = await backup(config.BACKUP_DIR!, config.BACKUP_KEEP);
      logger.info({ backup: taken.path, notes: taken.notes, bytes: taken.bytes }, "scheduled backup taken");
    },
  });
}
