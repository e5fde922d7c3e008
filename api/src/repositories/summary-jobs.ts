import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { SummaryFigures, SummaryRequest } from "./summaries.js";

/** A pending summary claimed by one worker under a lease. */
export interface ClaimedSummary extends SummaryRequest {
  id: string;
  timeZone: string;
  attempts: number;
}

/**
 * The summary queue lives in the summaries rows themselves (DESIGN §7), as transcription's does
 * in voice_notes: claimed with FOR UPDATE SKIP LOCKED under a lease, so replicas never take the
 * same one and a crashed worker's summary is taken again once its lease has expired. Every write
 * of a result needs the lease, so one request is written once.
 */
export function summaryJobsRepository(db: Kysely<DB>) {
  return {
    async claim(workerId: string, leaseSeconds: number): Promise<ClaimedSummary | undefined> {
      const { rows } = await sql<{
        id: string; user_id: string; domain_id: string; summary_type_id: string | null; period: string; period_key: string;
        prompt: string | null; response_length: string; time_zone: string; attempts: number;
      }>`
        UPDATE summaries
           SET lease_owner = ${workerId}, lease_expires_at = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
         WHERE id = (
           SELECT id FROM summaries
            WHERE status = 'pending'
              AND (next_attempt_at IS NULL OR next_attempt_at <= now())
              AND (lease_expires_at IS NULL OR lease_expires_at < now())
            ORDER BY next_attempt_at NULLS FIRST, created_at
            LIMIT 1
            FOR UPDATE SKIP LOCKED)
        RETURNING id, user_id, domain_id, summary_type_id, period, period_key, prompt, response_length, time_zone, attempts`.execute(db);
      const r = rows[0];
      return (
        r && {
          id: r.id, userId: r.user_id, domainId: r.domain_id, summaryTypeId: r.summary_type_id, period: r.period, periodKey: r.period_key,
          prompt: r.prompt, responseLength: r.response_length, timeZone: r.time_zone, attempts: r.attempts,
        }
      );
    },

    async renew(id: string, workerId: string, leaseSeconds: number): Promise<boolean> {
      const r = await db
        .updateTable("summaries")
        .set({ lease_expires_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
        .where("id", "=", id)
        .where("lease_owner", "=", workerId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    async complete(
      id: string,
      workerId: string,
      s: SummaryFigures,
    ): Promise<boolean> {
      const r = await db
        .updateTable("summaries")
        .set({
          status: "ready",
          content: s.content,
          themes: s.themes,
          total_voice_notes: s.totalVoiceNotes,
          total_duration: s.totalDuration,
          words_transcribed: s.wordsTranscribed,
          engine: s.engine,
          error: null,
          lease_owner: null,
          lease_expires_at: null,
          next_attempt_at: null,
        })
        .where("id", "=", id)
        .where("lease_owner", "=", workerId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    async retryLater(id: string, workerId: string, delayMs: number): Promise<void> {
      await db
        .updateTable("summaries")
        .set({ lease_owner: null, lease_expires_at: null, next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})` })
        .where("id", "=", id)
        .where("lease_owner", "=", workerId)
        .execute();
    },

    async fail(id: string, workerId: string, error: string): Promise<void> {
      await db
        .updateTable("summaries")
        .set({ status: "failed", error, lease_owner: null, lease_expires_at: null, next_attempt_at: null })
        .where("id", "=", id)
        .where("lease_owner", "=", workerId)
        .execute();
    },

    /** Shutdown: give a claimed summary back without spending an attempt. */
    async release(id: string, workerId: string): Promise<void> {
      await db
        .updateTable("summaries")
        .set({ lease_owner: null, lease_expires_at: null, attempts: sql<number>`greatest(attempts - 1, 0)` })
        .where("id", "=", id)
        .where("lease_owner", "=", workerId)
        .execute();
    },
  };
}
export type SummaryJobsRepository = ReturnType<typeof summaryJobsRepository>;
