import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { leasedJobs } from "./leased-jobs.js";
import type { SummaryFigures, SummaryRequest } from "./summaries.js";

/** A pending summary claimed by one worker under a lease. */
export interface ClaimedSummary extends SummaryRequest {
  id: string;
  timeZone: string;
  attempts: number;
}

/**
 * The summary queue lives in the summaries rows themselves (DESIGN §7), as transcription's does
 * in voice_notes, with the job loop's lease writes (leased-jobs.ts). Every write of a result
 * needs the lease, so one request is written once.
 */
export function summaryJobsRepository(db: Kysely<DB>) {
  const leased = leasedJobs(db, { table: "summaries", pending: sql`status = 'pending'` });
  return {
    async claim(workerId: string, leaseSeconds: number): Promise<ClaimedSummary | undefined> {
      const r = await leased.claim<{
        id: string; user_id: string; domain_id: string; summary_type_id: string | null; period: string; period_key: string;
        prompt: string | null; response_length: string; time_zone: string; attempts: number;
      }>(workerId, leaseSeconds, [
        "id", "user_id", "domain_id", "summary_type_id", "period", "period_key", "prompt", "response_length", "time_zone", "attempts",
      ]);
      return (
        r && {
          id: r.id, userId: r.user_id, domainId: r.domain_id, summaryTypeId: r.summary_type_id, period: r.period, periodKey: r.period_key,
          prompt: r.prompt, responseLength: r.response_length, timeZone: r.time_zone, attempts: r.attempts,
        }
      );
    },
    renew: leased.renew,
    retryLater: leased.retryLater,
    release: leased.release,
    resumeAbandoned: leased.resumeAbandoned,

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

    async fail(id: string, workerId: string, error: string): Promise<void> {
      await db
        .updateTable("summaries")
        .set({ status: "failed", error, lease_owner: null, lease_expires_at: null, next_attempt_at: null })
        .where("id", "=", id)
        .where("lease_owner", "=", workerId)
        .execute();
    },
  };
}
export type SummaryJobsRepository = ReturnType<typeof summaryJobsRepository>;
