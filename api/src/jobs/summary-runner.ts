import crypto from "node:crypto";
import os from "node:os";
import { SummaryError } from "../engines/summaries/types.js";
import type { Logger } from "../logger.js";
import type { SummaryFigures } from "../repositories/summaries.js";
import type { ClaimedSummary, SummaryJobsRepository } from "../repositories/summary-jobs.js";

export interface SummaryRunnerOptions {
  jobs: SummaryJobsRepository;
  /** Writes one claimed summary (services/summaries.ts writeSummary, with the type's name). */
  write(job: ClaimedSummary, signal: AbortSignal): Promise<SummaryFigures>;
  logger: Logger;
  leaseSeconds: number;
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  workerId?: string;
  /** Called once a summary reached an end (written or failed): the page is told. */
  onSettled?: (job: ClaimedSummary) => void;
}

/**
 * Writes pending summaries (DESIGN §7), one at a time per process, in the same way the
 * transcription runner works its queue: a claim under a lease renewed while the engine works, a
 * retry with backoff for a failure that may pass, the failed state after maxAttempts, and a
 * summary whose worker died taken again once its lease expires — at start and on every poll. A
 * result is written only under the lease, so one request is written once.
 */
export class SummaryRunner {
  readonly workerId: string;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopping = false;
  private current: { id: string; abort: AbortController; done: Promise<void> } | undefined;
  private ticking: Promise<void> | undefined;

  constructor(private readonly o: SummaryRunnerOptions) {
    this.workerId = o.workerId ?? `${os.hostname()}:${process.pid}:s-${crypto.randomUUID().slice(0, 8)}`;
  }

  start(): void {
    this.running = true;
    this.wake();
  }

  /** Works the queue until nothing is claimable (tests, and a one-off worker run). */
  async drain(): Promise<void> {
    this.running = true;
    await this.tick();
  }

  /** Claim now (a summary was just requested) instead of at the next poll. */
  wake(): void {
    if (!this.running || this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.ticking ??= this.tick().finally(() => {
      this.ticking = undefined;
      if (!this.running || this.stopping) return;
      this.timer = setTimeout(() => this.wake(), this.o.pollMs);
      this.timer.unref?.();
    });
  }

  private async tick(): Promise<void> {
    while (!this.stopping) {
      let job: ClaimedSummary | undefined;
      try {
        job = await this.o.jobs.claim(this.workerId, this.o.leaseSeconds);
      } catch (err) {
        this.o.logger.error({ err }, "summary claim failed");
        return;
      }
      if (!job) return;
      const abort = new AbortController();
      const done = this.process(job, abort.signal).catch((err: unknown) => this.o.logger.error({ err, summaryId: job.id }, "summary job failed"));
      this.current = { id: job.id, abort, done };
      await done;
      this.current = undefined;
    }
  }

  private async process(job: ClaimedSummary, signal: AbortSignal): Promise<void> {
    const { jobs, logger } = this.o;
    const log = logger.child({ summaryId: job.id, attempt: job.attempts });
    if (job.attempts > this.o.maxAttempts) {
      await jobs.fail(job.id, this.workerId, "Summary generation was interrupted too many times.");
      this.o.onSettled?.(job);
      return;
    }
    const heartbeat = setInterval(() => {
      jobs.renew(job.id, this.workerId, this.o.leaseSeconds).catch((err: unknown) => log.warn({ err }, "summary lease renewal failed"));
    }, (this.o.leaseSeconds * 1000) / 3);
    heartbeat.unref?.();
    try {
      const written = await this.o.write(job, signal);
      const stored = await jobs.complete(job.id, this.workerId, written);
      if (stored) this.o.onSettled?.(job);
      log.info({ stored }, "summary written");
    } catch (err) {
      if (signal.aborted) return; // shutdown released it
      const retryable = !(err instanceof SummaryError) || err.retryable;
      const message = err instanceof Error ? err.message : String(err);
      if (retryable && job.attempts < this.o.maxAttempts) {
        const delay = this.o.retryBaseMs * 2 ** (job.attempts - 1);
        log.warn({ err: message, retryInMs: delay }, "summary failed; will retry");
        await jobs.retryLater(job.id, this.workerId, delay);
      } else {
        log.warn({ err: message }, "summary failed; giving up");
        await jobs.fail(job.id, this.workerId, message);
        this.o.onSettled?.(job);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Stops claiming; a summary being written is given back at once, for the next process. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    const current = this.current;
    if (current) {
      current.abort.abort();
      await this.o.jobs.release(current.id, this.workerId).catch((err: unknown) => this.o.logger.error({ err }, "summary release failed"));
    }
    // A model may take minutes: its answer would be written by no one (the lease is gone), so
    // shutdown waits a moment, not for it.
    await Promise.race([this.ticking, new Promise((r) => setTimeout(r, 5000).unref())]);
    this.running = false;
  }
}

