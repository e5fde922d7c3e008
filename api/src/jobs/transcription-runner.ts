import crypto from "node:crypto";
import os from "node:os";
import type { Transcriber } from "../engines/transcription/types.js";
import type { Logger } from "../logger.js";
import type { ClaimedNote, TranscriptionJobsRepository } from "../repositories/transcription-jobs.js";

export interface RunnerOptions {
  jobs: TranscriptionJobsRepository;
  /** Only its transcribe() (and whether it is `available`) is used, so tests hand in a bare object. */
  transcriber: Pick<Transcriber, "transcribe" | "available">;
  /** Runs `use` with the note's audio as a local file (the blob store's withLocalFile); null when it is missing. */
  withAudioFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T | null>;
  logger: Logger;
  leaseSeconds: number;
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  concurrency: number;
  /** One attempt is stopped (and counts as a retryable failure) after this long; default 3 hours. */
  jobTimeoutMs?: number;
  workerId?: string;
  /** Called once a note reached an end (transcribed, failed, waiting for an engine): the page is told. */
  onSettled?: (note: ClaimedNote) => void;
  /** The account's daily limit (services/limits.ts): no, the note waits until `waitUntil`. */
  admit?: (note: ClaimedNote) => Promise<{ ok: true } | { ok: false; waitUntil: Date }>;
  /** A transcript was stored: `seconds` of audio count against the account's day. */
  onTranscribed?: (note: ClaimedNote, seconds: number) => Promise<void>;
}

const DEFAULT_JOB_TIMEOUT_MS = 3 * 60 * 60_000;

const NO_AUDIO = "The recording's audio is missing, so it cannot be transcribed.";

/**
 * Runs transcription jobs inside the API process: claims queued notes, runs
 * the engine, writes the result in one statement, retries failures with
 * exponential backoff and ends in the spec's error state after maxAttempts.
 * Polling is also the sweep: a note whose lease expired (its worker died) is
 * claimable again, at start and on every tick.
 */
export class TranscriptionRunner {
  readonly workerId: string;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopping = false;
  private readonly inFlight = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  private ticking: Promise<void> | undefined;

  constructor(private readonly o: RunnerOptions) {
    this.workerId = o.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.wake();
  }

  /** Ask for a claim now (e.g. right after a note is queued) instead of at the next poll. */
  wake(): void {
    if (!this.running || this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.ticking ??= this.tick().finally(() => {
      this.ticking = undefined;
      this.schedule();
    });
  }

  private schedule(): void {
    if (!this.running || this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), this.o.pollMs);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    try {
      // Notes that waited for their account's daily limit to reset: back on the queue once it did.
      await this.o.jobs.releaseLimitWaits(new Date());
    } catch (err) {
      this.o.logger.error({ err }, "releasing notes after their limit reset failed");
    }
    while (!this.stopping && this.inFlight.size < this.o.concurrency) {
      let claimed: ClaimedNote | undefined;
      try {
        claimed = await this.o.jobs.claim(this.workerId, this.o.leaseSeconds);
      } catch (err) {
        this.o.logger.error({ err }, "transcription claim failed");
        return;
      }
      if (!claimed) return;
      const abort = new AbortController();
      const note = claimed;
      const promise = this.process(note, abort.signal)
        // A failed queue write (database down) must not become an unhandled rejection that ends the process;
        // the lease expires and the next sweep takes the note again.
        .catch((err: unknown) => this.o.logger.error({ err, noteId: note.id }, "transcription job failed"))
        .finally(() => {
          this.inFlight.delete(note.id);
          this.wake();
        });
      this.inFlight.set(note.id, { promise, abort });
    }
  }

  private async process(note: ClaimedNote, signal: AbortSignal): Promise<void> {
    const { jobs, logger } = this.o;
    const log = logger.child({ noteId: note.id, attempt: note.attempts });
    if (note.attempts > this.o.maxAttempts) {
      // Its earlier workers died mid-attempt as many times as we allow.
      await jobs.fail(note.id, this.workerId, "Transcription was interrupted too many times. Please retry.", note.attempts);
      this.o.onSettled?.(note);
      return;
    }
    if (!note.audioKey) {
      await jobs.fail(note.id, this.workerId, NO_AUDIO, note.attempts);
      this.o.onSettled?.(note);
      return;
    }
    if (this.o.transcriber.available === false) {
      // Nothing failed: the recording is safe and waits for an engine (issue 20).
      await jobs.park(note.id, this.workerId);
      this.o.onSettled?.(note);
      log.info("no transcription engine: the note waits for one");
      return;
    }
    const admitted = this.o.admit ? await this.o.admit(note) : ({ ok: true } as const);
    if (!admitted.ok) {
      await jobs.waitForLimit(note.id, this.workerId, admitted.waitUntil);
      this.o.onSettled?.(note);
      log.info({ until: admitted.waitUntil }, "daily transcription limit reached: the note waits for the reset");
      return;
    }
    // The attempt stops on shutdown, on its time-out, or when the lease is gone (note deleted or
    // taken over), so no ffmpeg/pocketsphinx keeps running for a result nobody will store.
    const timeoutMs = this.o.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
    const deadline = AbortSignal.timeout(timeoutMs);
    const lost = new AbortController();
    const jobSignal = AbortSignal.any([signal, deadline, lost.signal]);
    const heartbeat = setInterval(() => {
      jobs.renew(note.id, this.workerId, this.o.leaseSeconds).then(
        (held) => {
          if (!held) lost.abort();
        },
        (err: unknown) => log.warn({ err }, "lease renewal failed"),
      );
    }, (this.o.leaseSeconds * 1000) / 3);
    heartbeat.unref?.();
    try {
      const result = await this.o.withAudioFile(note.audioKey, (path) =>
        this.o.transcriber.transcribe({ path, mimeType: note.audioMime ?? "audio/webm" }, jobSignal),
      );
      // Retrying cannot bring a lost file back, and the engine's ENOENT would show the server's paths.
      if (!result) {
        await jobs.fail(note.id, this.workerId, NO_AUDIO, note.attempts);
        this.o.onSettled?.(note);
        return;
      }
      const written = await jobs.complete(note.id, this.workerId, result.text.trim(), result.durationSeconds);
      if (written) {
        await this.o.onTranscribed?.(note, result.durationSeconds ?? note.duration).catch((err: unknown) => log.warn({ err }, "usage not recorded"));
        this.o.onSettled?.(note);
      }
      log.info({ written, chars: result.text.length }, "note transcribed");
    } catch (err) {
      if (signal.aborted) return; // shutdown released it
      if (lost.signal.aborted) {
        log.info("lease lost (note deleted or taken over); result discarded");
        return;
      }
      const timedOut = deadline.aborted;
      const message = timedOut
        ? `it took longer than ${timeoutMs >= 120_000 ? `${Math.round(timeoutMs / 60_000)} minutes` : `${Math.round(timeoutMs / 1000)} seconds`} and was stopped`
        : err instanceof Error
          ? err.message
          : String(err);
      const retryable = timedOut || (err as { retryable?: boolean }).retryable !== false;
      if (retryable && note.attempts < this.o.maxAttempts) {
        const delay = this.o.retryBaseMs * 2 ** (note.attempts - 1);
        log.warn({ err: message, retryInMs: delay }, "transcription failed; will retry");
        await jobs.retryLater(note.id, this.workerId, delay);
      } else {
        log.warn({ err: message }, "transcription failed; giving up");
        // Engines may already open with these words; the note should not say them twice.
        const shown = /^transcription failed\b/i.test(message) ? message : `Transcription failed: ${message}`;
        await jobs.fail(note.id, this.workerId, shown, note.attempts);
        this.o.onSettled?.(note);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Stops claiming, lets in-flight work finish for up to graceMs, then aborts
   * and releases what is left so another worker picks it up at once.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking;
    const pending = [...this.inFlight.entries()];
    const all = Promise.allSettled(pending.map(([, f]) => f.promise));
    const timedOut = await Promise.race([all.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref())]);
    if (timedOut) {
      for (const [id, f] of this.inFlight) {
        f.abort.abort();
        await this.o.jobs.release(id, this.workerId).catch((err) => this.o.logger.error({ err, noteId: id }, "release failed"));
      }
      await Promise.allSettled([...this.inFlight.values()].map((f) => f.promise));
    }
    this.running = false;
  }
}
