import type { Transcriber } from "../engines/transcription/types.js";
import type { Logger } from "../logger.js";
import type { ClaimedNote, TranscriptionJobsRepository } from "../repositories/transcription-jobs.js";
import { JobLoop, type JobKind } from "./job-loop.js";
import { TRANSCRIPTION_JOB } from "./job-signals.js";

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
  /** The account's daily limit (services/limits.ts): when not now, the note waits until `waitUntil`. */
  admit?: (note: ClaimedNote) => Promise<{ ok: true } | { ok: false; waitUntil: Date }>;
  /** A transcript was stored: `seconds` of audio count against the account's day. */
  onTranscribed?: (note: ClaimedNote, seconds: number) => Promise<void>;
}

const DEFAULT_JOB_TIMEOUT_MS = 3 * 60 * 60_000;

const NO_AUDIO = "The recording's audio is missing, so it cannot be transcribed.";

/**
 * Transcription as a kind of the job loop (DESIGN §6): runs the engine on a claimed note's audio
 * and writes text, flags and duration in one statement. A note whose audio is gone fails at once
 * (retrying cannot bring it back); without an engine it waits for one, which is no failure.
 */
export function transcriptionKind(o: Omit<RunnerOptions, "logger" | "workerId">): JobKind<ClaimedNote> {
  const { jobs } = o;
  return {
    name: TRANSCRIPTION_JOB,
    queue: { ...jobs, fail: (note, workerId, reason) => jobs.fail(note.id, workerId, reason, note.attempts) },
    leaseSeconds: o.leaseSeconds,
    pollMs: o.pollMs,
    maxAttempts: o.maxAttempts,
    retryBaseMs: o.retryBaseMs,
    concurrency: o.concurrency,
    timeoutMs: o.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS,
    interruptedReason: "Transcription was interrupted too many times. Please retry.",
    // Engines may already open with these words; the note should not say them twice.
    failureReason: (message) => (/^transcription failed\b/i.test(message) ? message : `Transcription failed: ${message}`),
    onSettled: o.onSettled,
    // Notes that waited for their account's daily limit to reset go back on the queue once it has.
    plan: async (now) => void (await jobs.releaseLimitWaits(now)),
    planEveryMs: o.pollMs,
    async run(note, { signal, workerId, log }) {
      if (!note.audioKey) {
        await jobs.fail(note.id, workerId, NO_AUDIO, note.attempts);
        return true;
      }
      if (o.transcriber.available === false) {
        await jobs.park(note.id, workerId);
        log.info("no transcription engine: the note waits for one");
        return true;
      }
      const admitted = o.admit ? await o.admit(note) : ({ ok: true } as const);
      if (!admitted.ok) {
        await jobs.waitForLimit(note.id, workerId, admitted.waitUntil);
        log.info({ until: admitted.waitUntil }, "daily transcription limit reached: the note waits for the reset");
        return true;
      }
      const result = await o.withAudioFile(note.audioKey, (path) =>
        o.transcriber.transcribe({ path, mimeType: note.audioMime ?? "audio/webm" }, signal),
      );
      // The engine's ENOENT would show the server's paths.
      if (!result) {
        await jobs.fail(note.id, workerId, NO_AUDIO, note.attempts);
        return true;
      }
      const written = await jobs.complete(note.id, workerId, result.text.trim(), result.durationSeconds);
      if (written) await o.onTranscribed?.(note, result.durationSeconds ?? note.duration).catch((err: unknown) => log.warn({ err }, "usage not recorded"));
      log.info({ written, chars: result.text.length }, "note transcribed");
      return written;
    },
  };
}

/** A job loop that transcribes only (tests, and tools that work the queue on their own). */
export class TranscriptionRunner extends JobLoop {
  constructor(o: RunnerOptions) {
    super({ logger: o.logger, ...(o.workerId ? { workerId: o.workerId } : {}) });
    this.add(transcriptionKind(o));
  }
}
