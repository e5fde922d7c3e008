import type { InstanceState } from "@vj/core";
import { sql } from "kysely";
import type { AppDeps } from "../app-env.js";
import { lastBackup } from "../backup/format.js";
import { queueStatsRepository } from "../repositories/queue-stats.js";
import { describeBlobStore } from "../storage/index.js";

/** Why scheduled backups run or not, in the admin screen's words. */
export function backupPlan(config: AppDeps["config"]): { scheduled: boolean; message: string } {
  if (config.DATABASE_URL || config.S3_BUCKET) {
    return {
      scheduled: false,
      message: "This instance keeps its data in PostgreSQL or S3: back them up with their own tools (pg_dump, bucket versioning).",
    };
  }
  if (!config.BACKUP_DIR) return { scheduled: false, message: "Set BACKUP_DIR to take a backup every day; `npm run backup` takes one now." };
  return { scheduled: true, message: `Every ${config.BACKUP_INTERVAL_HOURS} h into BACKUP_DIR, keeping ${config.BACKUP_KEEP}.` };
}

/** The admin screen's view of the instance: database, storage, engines, job queues and backups. */
export async function instanceState(deps: AppDeps): Promise<InstanceState> {
  const { config, database, engines } = deps;
  const stats = queueStatsRepository(database.db);
  let status: "ok" | "down" = "ok";
  try {
    await sql`select 1`.execute(database.db);
  } catch {
    status = "down";
  }
  const [counts, transcription, summaries] = status === "ok" ? await Promise.all([stats.instance(), stats.transcription(), stats.summaries()]) : [];
  const emptyQueue = { waiting: 0, running: 0, failed: 0, oldestWaitingSeconds: null };
  return {
    database: { kind: database.kind, status, bytes: counts?.databaseBytes ?? null },
    storage: { description: describeBlobStore(config), audioBytes: counts?.audioBytes ?? 0, notes: counts?.notes ?? 0 },
    accounts: counts?.accounts ?? 0,
    engines: {
      transcription: engines.info.transcription,
      summaries: engines.info.summaries,
      ask: engines.chat?.name ?? null,
      warnings: engines.info.warnings,
    },
    queues: {
      transcription: transcription ?? { ...emptyQueue, waitingForLimit: 0, waitingForEngine: 0 },
      summaries: summaries ?? emptyQueue,
    },
    backups: { ...backupPlan(config), last: config.BACKUP_DIR ? lastBackup(config.BACKUP_DIR) : null },
  };
}
