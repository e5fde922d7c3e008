import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { leasedJobs } from "./leased-jobs.js";

/** A note claimed for transcription by one worker under a lease. */
export interface ClaimedNote {
  id: string;
  userId: string;
  audioKey: string | null;
  audioMime: string | null;
  attempts: number;
  /** Seconds, as recorded at upload (the engine may measure it again). */
  duration: number;
}

/**
 * The transcription queue lives in voice_notes rows (DESIGN §6): a note is queued while
 * is_transcribing is true. The lease writes are the job loop's (leased-jobs.ts); this adds what
 * a claim reads and how a transcription ends.
 */
export function transcriptionJobsRepository(db: Kysely<DB>) {
  /** The note leaves the queue waiting for something (an engine, a limit's reset), its attempt unspent. */
  const leaveQueue = async (id: string, workerId: string, waiting: { awaiting_engine: true } | { limit_wait_until: Date }) => {
    await db
      .updateTable("voice_notes")
      .set({
        ...waiting,
        is_transcribing: false,
        attempts: sql<number>`greatest(attempts - 1, 0)`,
        lease_owner: null,
        lease_expires_at: null,
        next_attempt_at: null,
      })
      .where("id", "=", id)
      .where("lease_owner", "=", workerId)
      .execute();
  };
  const leased = leasedJobs(db, { table: "voice_notes", pending: sql`is_transcribing`, clearOnRetry: ["transcription_error"] });
  return {
    async claim(workerId: string, leaseSeconds: number): Promise<ClaimedNote | undefined> {
      const row = await leased.claim<{ id: string; user_id: string; audio_key: string | null; audio_mime: string | null; attempts: number; duration: number }>(
        workerId,
        leaseSeconds,
        ["id", "user_id", "audio_key", "audio_mime", "attempts", "duration"],
      );
      return row && { id: row.id, userId: row.user_id, audioKey: row.audio_key, audioMime: row.audio_mime, attempts: row.attempts, duration: row.duration };
    },
    renew: leased.renew,
    retryLater: leased.retryLater,
    release: leased.release,
    resumeAbandoned: leased.resumeAbandoned,

    /** Text, flags and duration in one statement; a lost lease (another worker took over) writes nothing. */
    async complete(id: string, workerId: string, text: string, durationSeconds: number | undefined): Promise<boolean> {
      const result = await db
        .updateTable("voice_notes")
        .set({
          transcription: text,
          is_transcribed: true,
          is_transcribing: false,
          transcription_error: null,
          lease_owner: null,
          lease_expires_at: null,
          next_attempt_at: null,
          ...(durationSeconds !== undefined ? { duration: durationSeconds } : {}),
        })
        .where("id", "=", id)
        .where("lease_owner", "=", workerId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * The spec's error state: no longer transcribing, with a readable error. With `claimedAttempts`,
     * a note requeued while this attempt ran (its attempts were reset below the claim) stays queued
     * for the fresh attempt the user asked for instead.
     */
    async fail(id: string, workerId: string | null, error: string, claimedAttempts?: number): Promise<void> {
      const requeued = claimedAttempts === undefined ? sql<boolean>`false` : sql<boolean>`attempts < ${claimedAttempts}`;
      await db
        .updateTable("voice_notes")
        .set({
          is_transcribing: requeued,
          transcription_error: sql<string | null>`case when ${requeued} then null else ${error} end`,
          lease_owner: null,
          lease_expires_at: null,
          next_attempt_at: null,
        })
        .where("id", "=", id)
        .$call((q) => (workerId ? q.where("lease_owner", "=", workerId) : q))
        .execute();
    },

    /** No engine here: the note leaves the queue as waiting for one, with its attempts untouched. */
    park: (id: string, workerId: string) => leaveQueue(id, workerId, { awaiting_engine: true }),

    /**
     * Over the account's daily transcription limit: the note leaves the queue, its attempt
     * unspent, until `until` (the account's next local midnight), when releaseLimitWaits puts it back.
     */
    waitForLimit: (id: string, workerId: string, until: Date) => leaveQueue(id, workerId, { limit_wait_until: until }),

    /** Notes whose limit reset by `now` go back on the queue (the partial index finds them). */
    async releaseLimitWaits(now: Date): Promise<number> {
      const result = await db
        .updateTable("voice_notes")
        .set({ is_transcribing: true, limit_wait_until: null, next_attempt_at: null })
        .where("limit_wait_until", "<=", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** A process with an engine starts: every note waiting for one goes back on the queue. */
    async requeueAwaiting(): Promise<number> {
      const result = await db
        .updateTable("voice_notes")
        .set({ awaiting_engine: false, is_transcribing: true, attempts: 0, next_attempt_at: sql<Date>`now()` })
        .where("awaiting_engine", "=", true)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type TranscriptionJobsRepository = ReturnType<typeof transcriptionJobsRepository>;
