import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";

export interface QueueStats {
  waiting: number;
  running: number;
  failed: number;
  oldestWaitingSeconds: number | null;
}

/** The job queues' sizes for the admin screen and /metrics, each answered from a partial index. */
export function queueStatsRepository(db: Kysely<DB>) {
  return {
    async transcription(): Promise<QueueStats & { waitingForLimit: number; waitingForEngine: number }> {
      const { rows } = await sql<{ waiting: number; running: number; oldest: number | null; failed: number; limit: number; engine: number }>`
        SELECT
          count(*) FILTER (WHERE lease_expires_at IS NULL OR lease_expires_at < now())::int AS waiting,
          count(*) FILTER (WHERE lease_expires_at >= now())::int AS running,
          extract(epoch FROM now() - min(created_at) FILTER (WHERE lease_expires_at IS NULL OR lease_expires_at < now()))::float8 AS oldest,
          (SELECT count(*) FROM voice_notes WHERE transcription_error IS NOT NULL)::int AS failed,
          (SELECT count(*) FROM voice_notes WHERE limit_wait_until IS NOT NULL)::int AS limit,
          (SELECT count(*) FROM voice_notes WHERE awaiting_engine)::int AS engine
        FROM voice_notes WHERE is_transcribing`.execute(db);
      const r = rows[0]!;
      return { waiting: r.waiting, running: r.running, failed: r.failed, oldestWaitingSeconds: r.oldest, waitingForLimit: r.limit, waitingForEngine: r.engine };
    },

    async summaries(): Promise<QueueStats> {
      const { rows } = await sql<{ waiting: number; running: number; oldest: number | null; failed: number }>`
        SELECT
          count(*) FILTER (WHERE lease_expires_at IS NULL OR lease_expires_at < now())::int AS waiting,
          count(*) FILTER (WHERE lease_expires_at >= now())::int AS running,
          extract(epoch FROM now() - min(created_at) FILTER (WHERE lease_expires_at IS NULL OR lease_expires_at < now()))::float8 AS oldest,
          (SELECT count(*) FROM summaries WHERE status = 'failed')::int AS failed
        FROM summaries WHERE status = 'pending'`.execute(db);
      const r = rows[0]!;
      return { waiting: r.waiting, running: r.running, failed: r.failed, oldestWaitingSeconds: r.oldest };
    },

    /** Accounts, notes and their audio bytes, and the database's size on disk. */
    async instance(): Promise<{ accounts: number; notes: number; audioBytes: number; databaseBytes: number | null }> {
      const { rows } = await sql<{ accounts: number; notes: number; audio: number; size: number | null }>`
        SELECT (SELECT count(*) FROM users)::int AS accounts,
               count(*)::int AS notes,
               coalesce(sum(audio_bytes), 0)::float8 AS audio,
               pg_database_size(current_database())::float8 AS size
        FROM voice_notes`.execute(db);
      const r = rows[0]!;
      return { accounts: r.accounts, notes: r.notes, audioBytes: r.audio, databaseBytes: r.size };
    },
  };
}
