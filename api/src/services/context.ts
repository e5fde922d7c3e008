import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { Summarizer } from "../engines/summaries/types.js";
import type { BlobStore } from "../storage/index.js";

/** What a service needs: the database (through repositories), the blob store, config and logs. */
export interface ServiceContext {
  db: Kysely<DB>;
  blobs: BlobStore;
  config: Config;
  logger: Logger;
  summarizer: Summarizer;
  /** Wakes the job loop after a job of this kind was queued (jobs/job-signals.ts names the kinds). */
  wakeJobs?: (kind: string) => void;
}

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
