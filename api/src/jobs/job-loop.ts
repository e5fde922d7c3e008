import crypto from "node:crypto";
import os from "node:os";
import type { Logger } from "../logger.js";

/** What every claimed job carries; a kind adds what its work needs. */
export interface ClaimedJob {
  id: string;
  /** Attempts so far, this one included (a claim counts one). */
  attempts: number;
}

/**
 * Where a kind's jobs wait: rows with a lease (repositories/leased-jobs.ts writes them for any
 * table with the lease columns). Every write names the worker and changes only a row it still
 * holds, so a worker that lost its lease writes nothing.
 */
export interface JobQueue<J extends ClaimedJob> {
  /** Takes the next due job under a lease (FOR UPDATE SKIP LOCKED: never one that another worker holds). */
  claim(workerId: string, leaseSeconds: number): Promise<J | undefined>;
  /** Extends the lease; false when it is gone (the job was deleted, requeued or taken over). */
  renew(id: string, workerId: string, leaseSeconds: number): Promise<boolean>;
  /** Gives the job back, due again after delayMs. */
  retryLater(id: string, workerId: string, delayMs: number): Promise<void>;
  /** Gives up: the job ends failed, with a reason a person can read. */
  fail(job: J, workerId: string, reason: string): Promise<void>;
  /** Shutdown: gives the job back at once without spending its attempt. */
  release(id: string, workerId: string): Promise<void>;
  /** Frees every lease (they were a killed process's); how many jobs it freed. */
  resumeAbandoned(): Promise<number>;
}

/** What one attempt is handed besides its job. */
export interface JobWork {
  /** Aborted at shutdown, at the kind's time-out, and when the lease is lost: stop and write nothing. */
  signal: AbortSignal;
  workerId: string;
  log: Logger;
}

/**
 * A kind of background job. To add one:
 *
 * 1. Give its jobs a home with the lease columns (`attempts`, `next_attempt_at`, `lease_owner`,
 *    `lease_expires_at`): a table of its own, as transcription keeps its queue in `voice_notes`,
 *    or the shared `jobs` table through `scheduledKind` (jobs/scheduled-kind.ts), which needs no
 *    migration and suits jobs due at an instant, once per key (a person and a local day).
 * 2. Write `run`: it does one attempt's work and writes the job's end under the lease in one
 *    statement (so a retry after a crash does no harm), and answers true when it did. It throws to
 *    fail the attempt: an error with `retryable: false` gives up at once, any other is retried
 *    with backoff (`retryBaseMs`, doubling) until `maxAttempts`, then the job fails with
 *    `failureReason(message)`.
 * 3. Recurring jobs: `plan(now)` inserts the jobs that are due, idempotently (a unique key makes
 *    it once however many processes plan); the loop calls it every `planEveryMs` in every process.
 * 4. `loop.add(kind)` in server.ts. Whoever queues a job calls `wake(name)` (AppDeps.wakeJobs),
 *    which on PostgreSQL also wakes the other processes (NOTIFY with the kind's name).
 */
export interface JobKind<J extends ClaimedJob = ClaimedJob> {
  /** Unique among the loop's kinds; also the payload of the wake-up signal between processes. */
  readonly name: string;
  readonly queue: JobQueue<J>;
  run(job: J, work: JobWork): Promise<boolean>;
  /** How long a claim holds; renewed every third of it while the work runs. */
  leaseSeconds: number;
  /** Look for due jobs this often even when nothing woke the loop (a crashed peer's, a retry's). */
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  /** Jobs of this kind run at once in one process; 1 by default. */
  concurrency?: number;
  /** One attempt is stopped after this long and counts as a retryable failure; none by default. */
  timeoutMs?: number;
  /** What a job that gave up shows, from the last failure's message; the message itself by default. */
  failureReason?: (message: string) => string;
  /** What a job shows whose workers died mid-attempt more than maxAttempts times. */
  interruptedReason: string;
  /** Called once a job reached its end (done or failed): e.g. the page is told. */
  onSettled?: (job: J) => void;
  /** Recurring kinds: inserts the jobs due by now, idempotently. */
  plan?: (now: Date) => Promise<void>;
  /** How often plan runs; every minute by default. */
  planEveryMs?: number;
}

interface Lane {
  kind: JobKind<ClaimedJob>;
  inFlight: Map<string, { promise: Promise<void>; abort: AbortController }>;
  timer: NodeJS.Timeout | undefined;
  ticking: Promise<void> | undefined;
  /** A wake-up arrived while a tick ran: look again once it ends. */
  again: boolean;
  plannedAt: number;
}

const DEFAULT_PLAN_EVERY_MS = 60_000;

const spoken = (ms: number) => (ms >= 120_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} seconds`);

/**
 * The one loop that runs every background job in this process (DESIGN §6, §7): for each kind it
 * claims due jobs under a lease, renews the lease while the work runs (and stops the work when
 * the lease is lost), retries failures with backoff, gives up with a reason after maxAttempts,
 * wakes at once on a signal and otherwise polls, which is also how a crashed worker's job is
 * taken again once its lease expires. On the embedded database no other process can hold a
 * lease, so `resumeAbandoned()` at start takes a killed process's work back at once.
 */
export class JobLoop {
  readonly workerId: string;
  private readonly lanes = new Map<string, Lane>();
  private running = false;
  private stopping = false;

  constructor(private readonly o: { logger: Logger; workerId?: string }) {
    this.workerId = o.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  }

  add<J extends ClaimedJob>(kind: JobKind<J>): this {
    if (this.lanes.has(kind.name)) throw new Error(`job kind "${kind.name}" added twice`);
    this.lanes.set(kind.name, { kind: kind as unknown as JobKind<ClaimedJob>, inFlight: new Map(), timer: undefined, ticking: undefined, again: false, plannedAt: 0 });
    return this;
  }

  get kinds(): string[] {
    return [...this.lanes.keys()];
  }

  /**
   * Only where this process alone opens the database (PGlite): every lease in it belongs to a
   * process that was killed, so its jobs are due again now instead of when their leases run out.
   * Their attempts stay spent: a job that keeps killing its worker still ends failed.
   */
  async resumeAbandoned(): Promise<number> {
    let resumed = 0;
    for (const lane of this.lanes.values()) {
      const n = await lane.kind.queue.resumeAbandoned();
      if (n) this.o.logger.info({ job: lane.kind.name, resumed: n }, "jobs a stopped process held are resumed");
      resumed += n;
    }
    return resumed;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.wake();
  }

  /** Look for jobs of `name` (every kind when absent) now instead of at the next poll; unknown names are ignored. */
  wake(name?: string): void {
    if (!this.running || this.stopping) return;
    for (const lane of name === undefined ? this.lanes.values() : [this.lanes.get(name)]) {
      if (!lane) continue;
      if (lane.timer) clearTimeout(lane.timer);
      lane.timer = undefined;
      if (lane.ticking) {
        lane.again = true;
        continue;
      }
      lane.ticking = this.fill(lane)
        .then(() => undefined)
        .finally(() => {
          lane.ticking = undefined;
          if (lane.again) {
            lane.again = false;
            this.wake(lane.kind.name);
          } else this.schedule(lane);
        });
    }
  }

  /** Works every kind's queue until nothing is due (tests, and a one-off worker run). */
  async drain(): Promise<void> {
    for (const lane of this.lanes.values()) {
      for (;;) {
        const claimed = await this.fill(lane);
        if (!claimed && lane.inFlight.size === 0) break;
        await Promise.allSettled([...lane.inFlight.values()].map((f) => f.promise));
      }
    }
  }

  private schedule(lane: Lane): void {
    if (!this.running || this.stopping) return;
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = setTimeout(() => this.wake(lane.kind.name), lane.kind.pollMs);
    lane.timer.unref?.();
  }

  /** Plans when due, then claims until the kind's slots are full or nothing is due; how many it claimed. */
  private async fill(lane: Lane): Promise<number> {
    const { kind } = lane;
    let claimed = 0;
    if (kind.plan && Date.now() - lane.plannedAt >= (kind.planEveryMs ?? DEFAULT_PLAN_EVERY_MS)) {
      lane.plannedAt = Date.now();
      await kind.plan(new Date()).catch((err: unknown) => this.o.logger.error({ err, job: kind.name }, "job planning failed"));
    }
    while (!this.stopping && lane.inFlight.size < (kind.concurrency ?? 1)) {
      let job: ClaimedJob | undefined;
      try {
        job = await kind.queue.claim(this.workerId, kind.leaseSeconds);
      } catch (err) {
        this.o.logger.error({ err, job: kind.name }, "job claim failed");
        return claimed;
      }
      if (!job) return claimed;
      claimed++;
      const abort = new AbortController();
      const claimedJob = job;
      const promise = this.attempt(kind, claimedJob, abort.signal)
        // A failed queue write (database down) must not become an unhandled rejection that ends the
        // process; the lease expires and a later poll takes the job again.
        .catch((err: unknown) => this.o.logger.error({ err, job: kind.name, id: claimedJob.id }, "job failed"))
        .finally(() => {
          lane.inFlight.delete(claimedJob.id);
          this.wake(kind.name);
        });
      lane.inFlight.set(claimedJob.id, { promise, abort });
    }
    return claimed;
  }

  private async attempt(kind: JobKind<ClaimedJob>, job: ClaimedJob, shutdown: AbortSignal): Promise<void> {
    const { queue } = kind;
    const log = this.o.logger.child({ job: kind.name, id: job.id, attempt: job.attempts });
    if (job.attempts > kind.maxAttempts) {
      // Its earlier workers died mid-attempt as many times as we allow.
      await queue.fail(job, this.workerId, kind.interruptedReason);
      kind.onSettled?.(job);
      return;
    }
    const deadline = kind.timeoutMs === undefined ? undefined : AbortSignal.timeout(kind.timeoutMs);
    const lost = new AbortController();
    const signal = AbortSignal.any([shutdown, lost.signal, ...(deadline ? [deadline] : [])]);
    const heartbeat = setInterval(() => {
      queue.renew(job.id, this.workerId, kind.leaseSeconds).then(
        (held) => {
          if (!held) lost.abort();
        },
        (err: unknown) => log.warn({ err }, "lease renewal failed"),
      );
    }, (kind.leaseSeconds * 1000) / 3);
    heartbeat.unref?.();
    try {
      if (await kind.run(job, { signal, workerId: this.workerId, log })) kind.onSettled?.(job);
    } catch (err) {
      if (shutdown.aborted) return; // stop() gave it back
      if (lost.signal.aborted) {
        log.info("lease lost (the job was deleted or taken over); result discarded");
        return;
      }
      const timedOut = deadline?.aborted === true;
      const message = timedOut ? `it took longer than ${spoken(kind.timeoutMs!)} and was stopped` : err instanceof Error ? err.message : String(err);
      const retryable = timedOut || (err as { retryable?: unknown } | null)?.retryable !== false;
      if (retryable && job.attempts < kind.maxAttempts) {
        const delay = kind.retryBaseMs * 2 ** (job.attempts - 1);
        log.warn({ err: message, retryInMs: delay }, "job failed; will retry");
        await queue.retryLater(job.id, this.workerId, delay);
      } else {
        log.warn({ err: message }, "job failed; giving up");
        await queue.fail(job, this.workerId, kind.failureReason ? kind.failureReason(message) : message);
        kind.onSettled?.(job);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Stops claiming, lets the work under way finish for up to graceMs, then stops it and gives its
   * jobs back at once, for the next process. Work that ignores its signal (a model that takes
   * minutes) is waited for a moment more, not to its end: its lease is gone, so it writes nothing.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.stopping = true;
    const lanes = [...this.lanes.values()];
    for (const lane of lanes) if (lane.timer) clearTimeout(lane.timer);
    await Promise.all(lanes.map((l) => l.ticking));
    const inFlight = () => lanes.flatMap((l) => [...l.inFlight.entries()].map(([id, f]) => ({ lane: l, id, ...f })));
    const settled = (ms: number) =>
      Promise.race([
        Promise.allSettled(inFlight().map((f) => f.promise)).then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref()),
      ]);
    if (!(await settled(graceMs))) {
      for (const f of inFlight()) {
        f.abort.abort();
        await f.lane.kind.queue
          .release(f.id, this.workerId)
          .catch((err: unknown) => this.o.logger.error({ err, job: f.lane.kind.name, id: f.id }, "job release failed"));
      }
      await settled(5000);
    }
    this.running = false;
  }
}
