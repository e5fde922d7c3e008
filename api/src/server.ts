import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp, createWorkerApp } from "./app.js";
import type { AppDeps } from "./app-env.js";
import type { Config } from "./config.js";
import { openDatabase, type Database } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { resolveEngines } from "./engines/resolve.js";
import { liveEngines } from "./engines/live.js";
import { createInstanceControl, notifySettingsChanged, SETTINGS_CHANNEL, SETTINGS_POLL_MS } from "./instance/control.js";
import { createMetrics } from "./metrics/metrics.js";
import { metricsText } from "./metrics/route.js";
import { admitTranscription, recordTranscription } from "./services/limits.js";
import path from "node:path";
import { holdableBlobStore } from "./backup/hold.js";
import { serveControlSocket } from "./backup/control.js";
import { scheduledBackups } from "./backup/scheduled.js";
import { takeBackup } from "./backup/take.js";
import { backupPlan } from "./services/instance-state.js";
import { sweepCrashLeftovers } from "./jobs/crash-sweep.js";
import { exportTempDir } from "./portability/export.js";
import { importTempDir } from "./portability/upload.js";
import { importLocksRepository } from "./repositories/import-locks.js";
import { localChangeFeed } from "./changes/change-feed.js";
import { CHANGES_CHANNEL, pgChangeFeed } from "./changes/pg-change-feed.js";
import { listenOnPostgres } from "./db/pg-listen.js";
import { JobLoop } from "./jobs/job-loop.js";
import { JOBS_CHANNEL, notifyJob, TRANSCRIPTION_JOB } from "./jobs/job-signals.js";
import { summaryKind } from "./jobs/summary-runner.js";
import { transcriptionKind } from "./jobs/transcription-runner.js";
import { createLogger } from "./logger.js";
import { createPushSender } from "./push/send.js";
import { loadVapidDetails } from "./push/vapid.js";
import { reminderKind } from "./reminders/reminder-kind.js";
import { assistantCleanupKind } from "./oauth/cleanup-kind.js";
import { summaryJobsRepository } from "./repositories/summary-jobs.js";
import { transcriptionJobsRepository } from "./repositories/transcription-jobs.js";
import { writeSummary } from "./services/summaries.js";
import { createBlobStore, describeBlobStore } from "./storage/index.js";

const SWEEP_INTERVAL_MS = 3600_000;

export interface RunningServer {
  url: string;
  deps: AppDeps;
  /** Absent in ROLE=api: another process (ROLE=worker or all) runs the background jobs. */
  jobs: JobLoop | undefined;
  /** METRICS_PORT's address when it is set. */
  metricsUrl: string | undefined;
  stop(): Promise<void>;
}

/**
 * Opens the database, migrates, prepares the blob store, chooses the engines, starts the
 * job loop and listens. ROLE decides which parts run (DESIGN §2): `all` serves
 * HTTP and transcribes; `api` serves HTTP only; `worker` transcribes and answers only
 * GET /api/health, for the orchestrator's health check. Used by main.ts and by tests that
 * need a real port.
 */
export async function startServer(config: Config, extra: Partial<AppDeps> = {}, opening?: Promise<Database>): Promise<RunningServer> {
  const logger = extra.logger ?? createLogger(config.LOG_LEVEL);
  // `opening`: main.ts began opening it already; like one opened here, it is closed on stop.
  const database = extra.database ?? (await (opening ?? openDatabase(config)));
  const applied = await migrateToLatest(database);
  if (applied.length) logger.info({ migrations: applied }, "migrations applied");

  const engines = extra.engines ?? liveEngines(resolveEngines(config));
  const shared = database.kind === "postgres";
  // Declared here, set once the job loop exists: the AI settings may bring an engine to notes that waited for one.
  let enginesChanged = () => {};
  const instance =
    extra.instance ??
    createInstanceControl({
      db: database.db,
      config,
      logger,
      engines,
      onEnginesChanged: () => enginesChanged(),
      broadcast: shared && config.DATABASE_URL ? () => notifySettingsChanged(database.db) : undefined,
    });
  // What the admin screen set (the AI endpoint) chooses the engines before anything uses them.
  await instance.reload();
  logger.info({ transcription: engines.info.transcription, summaries: engines.info.summaries }, "engines");
  for (const warning of engines.info.warnings) logger.warn(warning);

  const blobs = holdableBlobStore(extra.blobs ?? createBlobStore(config));
  await blobs.prepare();
  // What a kill -9 left (upload temporaries, audio without a row) goes once the server listens
  // (below), and again now and then: a file a crash orphaned just now is too fresh for the first
  // sweep. It only takes what nothing touched for CRASH_SWEEP_AGE_SECONDS, so it runs safely beside
  // uploads; before listening it held every start for the walk of the whole audio store (10,000
  // recordings on PGlite: a start of 4.2 s instead of 2.0 s).
  let sweeping: Promise<void> | undefined;
  const sweep = () =>
    (sweeping ??= sweepCrashLeftovers({ db: database.db, blobs, logger, tempDirs: [importTempDir(config.DATA_DIR), exportTempDir(config.DATA_DIR)] }, config.CRASH_SWEEP_AGE_SECONDS)
      .then(
        () => undefined,
        (err: unknown) => logger.error({ err }, "crash sweep failed"),
      )
      .finally(() => {
        sweeping = undefined;
      }));
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
  sweeper.unref();
  logger.info({ role: config.ROLE, audio: describeBlobStore(config) }, "storage");
  if (config.DATABASE_URL && !config.AUTH_JWT_SECRET && !config.SUPABASE_URL) {
    // Each process would sign with the key generated into its own DATA_DIR, and refuse the others' tokens.
    logger.warn("Several processes on one database must share AUTH_JWT_SECRET (or one DATA_DIR); this one signs with the key in its DATA_DIR.");
  }
  if (config.ROLE === "api") logger.info("ROLE=api: no transcription here; a ROLE=worker (or all) process on this database transcribes");

  const metrics = extra.metrics ?? createMetrics(database.db);
  // What the pages hear (routes/events.ts): in one process directly, across processes on PostgreSQL.
  const localChanges = extra.changes ?? localChangeFeed();
  // NOTIFY only where this process can also LISTEN (a database handed in without its URL cannot).
  const pgChanges = shared && config.DATABASE_URL ? pgChangeFeed(database.db, localChanges, logger) : undefined;
  const changes = pgChanges ?? localChanges;

  // Every background job runs on one loop (jobs/job-loop.ts), in the processes that do the work.
  const jobs = config.ROLE === "api" ? undefined : new JobLoop({ logger });
  jobs
    ?.add(
      transcriptionKind({
        jobs: transcriptionJobsRepository(database.db),
        transcriber: metrics.timeTranscriber(engines.transcriber),
        withAudioFile: (key, use) => blobs.withLocalFile(key, use),
        leaseSeconds: config.TRANSCRIBE_LEASE_SECONDS,
        pollMs: config.TRANSCRIBE_POLL_MS,
        maxAttempts: config.TRANSCRIBE_MAX_ATTEMPTS,
        retryBaseMs: config.TRANSCRIBE_RETRY_BASE_MS,
        concurrency: config.TRANSCRIBE_CONCURRENCY,
        jobTimeoutMs: config.TRANSCRIBE_TIMEOUT_SECONDS * 1000,
        onSettled: (note) => changes.publish(note.userId, { kind: "note", id: note.id }),
        admit: (note) => admitTranscription({ db: database.db, config, instance }, note.userId, note.duration),
        onTranscribed: (note, seconds) => recordTranscription({ db: database.db }, note.userId, seconds),
      }),
    )
    .add(
      // Summaries are written by the same processes that transcribe (DESIGN §7).
      summaryKind({
        jobs: summaryJobsRepository(database.db),
        write: (job) => writeSummary({ db: database.db, summarizer: metrics.timeSummarizer(engines.summarizer) }, job),
        leaseSeconds: config.SUMMARY_LEASE_SECONDS,
        pollMs: config.TRANSCRIBE_POLL_MS,
        maxAttempts: config.TRANSCRIBE_MAX_ATTEMPTS,
        retryBaseMs: config.TRANSCRIBE_RETRY_BASE_MS,
        onSettled: (job) => changes.publish(job.userId, { kind: "summary", id: job.id }),
      }),
    )
    // Reminders to journal (DESIGN §14): planned per person and local day, sent by Web Push.
    .add(reminderKind({ db: database.db, sender: createPushSender({ vapid: loadVapidDetails(config), allowlist: config.PUSH_ENDPOINT_ALLOWLIST }) }))
    // Assistants' expired tokens and stale authorization requests (oauth/cleanup-kind.ts).
    .add(assistantCleanupKind(database.db));
  // The embedded default's backups (DESIGN §16): scheduled into BACKUP_DIR, and on request
  // (`npm run backup` asks over DATA_DIR's control socket; PGlite is this process's alone).
  const backup = (dir: string | undefined, keep?: number) =>
    takeBackup({ database, dataDir: config.DATA_DIR, holdDeletes: () => blobs.holdDeletes() }, path.resolve(dir ?? config.BACKUP_DIR ?? "backups"), keep);
  if (jobs && backupPlan(config).scheduled) jobs.add(scheduledBackups(database.db, config, (dir, keep) => backup(dir, keep), logger));
  const control = database.kind === "pglite" ? await serveControlSocket(config.DATA_DIR, (dir) => backup(dir), logger) : undefined;
  // A queued job wakes this process's loop at once, and on PostgreSQL every other process's too.
  const wakeJobs = (kind: string) => {
    jobs?.wake(kind);
    if (shared) notifyJob(database.db, kind).catch((err: unknown) => logger.warn({ err }, "job notification failed"));
  };
  const channels: Record<string, (payload: string) => void> = {};
  if (jobs) channels[JOBS_CHANNEL] = (kind) => jobs.wake(kind);
  if (pgChanges && config.ROLE !== "worker") channels[CHANGES_CHANNEL] = (payload) => pgChanges.deliver(payload);
  if (shared) channels[SETTINGS_CHANNEL] = () => void instance.reload().catch((err: unknown) => logger.warn({ err }, "settings reload failed"));
  // After a reconnect the notifications in between are lost: pages read again, the loop polls anyway.
  const listener =
    shared && config.DATABASE_URL && Object.keys(channels).length
      ? listenOnPostgres(config.DATABASE_URL, channels, logger, () => changes.resyncAll())
      : undefined;
  const deps: AppDeps = {
    config,
    database,
    logger,
    engines,
    blobs,
    wakeJobs,
    instance,
    metrics,
    ...extra,
    changes,
  };
  const app = config.ROLE === "worker" ? createWorkerApp(deps) : createApp(deps);

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  // Scraped without a token, from this machine only.
  const metricsServer =
    config.METRICS_PORT === undefined
      ? undefined
      : await new Promise<ServerType>((resolve) => {
          const s = serve({ fetch: () => metricsText(metrics), port: config.METRICS_PORT!, hostname: "127.0.0.1" }, () => resolve(s));
        });
  const metricsUrl = metricsServer && `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
  if (metricsUrl) logger.info({ url: metricsUrl }, "metrics on loopback");
  const url = `http://${config.HOST === "0.0.0.0" ? "127.0.0.1" : config.HOST}:${port}`;
  // A transcribing process with an engine takes back every note that waited for one.
  if (jobs && engines.transcriber.available !== false) {
    const requeued = await transcriptionJobsRepository(database.db).requeueAwaiting();
    if (requeued) logger.info({ notes: requeued }, "notes that waited for a transcription engine are queued");
  }
  // The embedded database is opened by this process alone: what a killed process held is resumed
  // now, not when its lease runs out. On PostgreSQL another process may hold it: the lease decides.
  if (jobs && database.kind === "pglite") await jobs.resumeAbandoned();
  // Likewise an import a killed process was running: the next import need not wait for its lock to go stale.
  if (database.kind === "pglite") await importLocksRepository(database.db).releaseAll();
  // The AI settings changed (here, or heard from another process): a transcribing process with an
  // engine now takes back the notes that waited for one, at once.
  enginesChanged = () => {
    if (!jobs || engines.transcriber.available === false) return;
    transcriptionJobsRepository(database.db)
      .requeueAwaiting()
      .then((n) => {
        if (n) logger.info({ notes: n }, "notes that waited for a transcription engine are queued");
        jobs.wake(TRANSCRIPTION_JOB);
      })
      .catch((err: unknown) => logger.error({ err }, "queueing the notes that waited for an engine failed"));
  };
  // A missed notification (a reconnect) delays a settings change by SETTINGS_POLL_MS at most.
  const settingsPoll = shared ? setInterval(() => void instance.check().catch(() => undefined), SETTINGS_POLL_MS) : undefined;
  settingsPoll?.unref();
  // Started after listen; its first tick also picks up jobs whose worker died (expired leases).
  jobs?.start();
  void sweep();
  logger.info({ url, db: database.kind, role: config.ROLE, worker: jobs?.workerId }, "listening");

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => {
        const idle = () => (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
        // Sockets that are or become idle (keep-alive, an ended events stream) would hold close()
        // open until the client lets go: closed now and as they fall idle; requests in flight finish.
        const sweepIdle = setInterval(idle, 25);
        server.close(() => {
          clearInterval(sweepIdle);
          resolve();
        });
        // Open events streams would hold close() until their tokens expire; pages reconnect elsewhere.
        changes.endAll();
        idle();
      });
      clearInterval(sweeper);
      clearInterval(settingsPoll);
      // Finish or hand back claimed jobs, and a sweep under way, before the database goes.
      await Promise.all([jobs?.stop(), listener?.close(), sweeping, control?.close()]);
      await closed;
      if (metricsServer) await new Promise((resolve) => metricsServer.close(resolve));
      if (!extra.database) await database.close();
      logger.info("stopped");
    })());
  return { url, deps, jobs, metricsUrl, stop };
}
