import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp } from "./app.js";
import type { AppDeps } from "./app-env.js";
import type { Config } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { resolveEngines } from "./engines/resolve.js";
import { sweepCrashLeftovers } from "./jobs/crash-sweep.js";
import { TranscriptionRunner } from "./jobs/transcription-runner.js";
import { createLogger } from "./logger.js";
import { transcriptionJobsRepository } from "./repositories/transcription-jobs.js";
import { createBlobStore } from "./storage/index.js";

const SWEEP_INTERVAL_MS = 3600_000;

export interface RunningServer {
  url: string;
  deps: AppDeps;
  runner: TranscriptionRunner;
  stop(): Promise<void>;
}

/**
 * Opens the database, migrates, chooses the engines, starts the transcription
 * runner and listens. Used by main.ts and by tests that need a real port.
 */
export async function startServer(config: Config, extra: Partial<AppDeps> = {}): Promise<RunningServer> {
  const logger = extra.logger ?? createLogger(config.LOG_LEVEL);
  const database = extra.database ?? (await openDatabase(config));
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ migrations: applied }, "migrations applied");

  const engines = extra.engines ?? resolveEngines(config);
  logger.info({ transcription: engines.info.transcription, summaries: engines.info.summaries }, "engines");
  for (const warning of engines.info.warnings) logger.warn(warning);

  const blobs = extra.blobs ?? createBlobStore(config);
  // Before listening: what a kill -9 left (upload temporaries, audio without a row) goes first.
  const sweep = () => sweepCrashLeftovers({ db: database.db, blobs, logger }, config.CRASH_SWEEP_AGE_SECONDS);
  await sweep();
  // And again now and then: a file a crash orphaned just now is too fresh for the start-up sweep.
  const sweeper = setInterval(() => {
    sweep().catch((err: unknown) => logger.error({ err }, "crash sweep failed"));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  const runner = new TranscriptionRunner({
    jobs: transcriptionJobsRepository(database.db),
    transcriber: engines.transcriber,
    audioPath: (key) => blobs.localPath(key),
    logger,
    leaseSeconds: config.TRANSCRIBE_LEASE_SECONDS,
    pollMs: config.TRANSCRIBE_POLL_MS,
    maxAttempts: config.TRANSCRIBE_MAX_ATTEMPTS,
    retryBaseMs: config.TRANSCRIBE_RETRY_BASE_MS,
    concurrency: config.TRANSCRIBE_CONCURRENCY,
    jobTimeoutMs: config.TRANSCRIBE_TIMEOUT_SECONDS * 1000,
  });
  const deps: AppDeps = { config, database, logger, engines, blobs, onNoteQueued: () => runner.wake(), ...extra };
  const app = createApp(deps);

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.HOST === "0.0.0.0" ? "127.0.0.1" : config.HOST}:${port}`;
  // Started after listen; its first tick also picks up notes whose worker died (expired leases).
  runner.start();
  logger.info({ url, db: database.kind, worker: runner.workerId }, "listening");

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets would hold close() open.
        (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      });
      clearInterval(sweeper);
      // Finish or hand back claimed transcriptions before the database goes.
      await runner.stop();
      await closed;
      if (!extra.database) await database.close();
      logger.info("stopped");
    })());
  return { url, deps, runner, stop };
}
