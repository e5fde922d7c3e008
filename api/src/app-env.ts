import type { PendingSession } from "./auth/bearer.js";
import type { ChangeFeed } from "./changes/change-feed.js";
import type { Config } from "./config.js";
import type { Database } from "./db/database.js";
import type { Engines } from "./engines/resolve.js";
import type { InstanceControl } from "./instance/control.js";
import type { Metrics } from "./metrics/metrics.js";
import type { Logger } from "./logger.js";
import type { BlobStore } from "./storage/index.js";

export interface AuthUser {
  id: string;
  email: string;
}

/** Hono's typed context: what middleware puts on a request. */
export interface AppEnv {
  Variables: {
    user: AuthUser;
    /** Built-in auth, on a handler marked checksSessionItself: the session it must prove. */
    session?: PendingSession;
  };
}

/** Everything the app needs, handed to the factory so tests build it with a fresh database. */
export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** What serves transcription and summaries (reported by /api/health). */
  engines: Engines;
  /** Where recordings live; created once by the composition root (server.ts, or a test). */
  blobs: BlobStore;
  /** Called when a job of this kind was queued, so a worker claims it now rather than at its next poll. */
  wakeJobs?: (kind: string) => void;
  /** What the events stream tells pages (a transcript or summary became ready); a fresh in-process feed when absent. */
  changes?: ChangeFeed;
  /** The admin screen's settings as this process holds them (server.ts makes it; one is made for the deps when absent). */
  instance?: InstanceControl;
  /** Prometheus metrics (server.ts makes them so the engines and the metrics port share them; an app makes its own when absent). */
  metrics?: Metrics;
  /** An admin disabled or deleted the account: what this process holds of its sessions goes at once. */
  onAccountRevoked?: (userId: string) => void;
}
