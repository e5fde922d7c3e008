import type { Logger } from "../logger.js";
import type { SummaryFigures } from "../repositories/summaries.js";
import type { ClaimedSummary, SummaryJobsRepository } from "../repositories/summary-jobs.js";
import { JobLoop, type JobKind } from "./job-loop.js";
import { SUMMARY_JOB } from "./job-signals.js";

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
 * Pending summaries as a kind of the job loop (DESIGN §7), one at a time per process: the model
 * writes the summary, stored only under the lease, so one request is written once. A failure
 * the engine calls final (no notes left in the period) fails at once; others are retried.
 */
export function summaryKind(o: Omit<SummaryRunnerOptions, "logger" | "workerId">): JobKind<ClaimedSummary> {
  const { jobs } = o;
  return {
    name: SUMMARY_JOB,
    queue: { ...jobs, fail: (job, workerId, reason) => jobs.fail(job.id, workerId, reason) },
    leaseSeconds: o.leaseSeconds,
    pollMs: o.pollMs,
    maxAttempts: o.maxAttempts,
    retryBaseMs: o.retryBaseMs,
    interruptedReason: "Summary generation was interrupted too many times.",
    onSettled: o.onSettled,
    async run(job, { signal, workerId, log }) {
      const stored = await jobs.complete(job.id, workerId, await o.write(job, signal));
      log.info({ stored }, "summary written");
      return stored;
    },
  };
}

/** A job loop that writes summaries only (tests, and tools that work the queue on their own). */
export class SummaryRunner extends JobLoop {
  constructor(o: SummaryRunnerOptions) {
    super({ logger: o.logger, ...(o.workerId ? { workerId: o.workerId } : {}) });
    this.add(summaryKind(o));
  }
}
