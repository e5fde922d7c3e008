import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { Summarizer } from "../engines/summaries/types.js";
import type { InstanceControl } from "../instance/control.js";
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
  /** What an admin set from the app (sign-ups, AI endpoint, default limits), as this process holds it. */
  instance: InstanceControl;
  /** An upload came again with a clientId the server had (counted by /metrics). */
  onOutboxReplay?: () => void;
  /** The account was disabled or deleted (by an admin or its owner): whatever this process keeps of it goes now. */
  onAccountRevoked?: (userId: string) => void;
}

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
