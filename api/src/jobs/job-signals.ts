import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";

/** The PostgreSQL channel on which processes tell each other that a job was queued; the payload is its kind's name. */
export const JOBS_CHANNEL = "vj_jobs";

/**
 * Across processes on PostgreSQL (ROLE=api beside ROLE=worker): a queued job is announced with
 * NOTIFY, so a worker claims it at once instead of at its next poll (the poll stays, as the sweep
 * and the fallback; db/pg-listen.ts listens). In one process the job loop is woken directly.
 */
export async function notifyJob(db: Kysely<DB>, kind: string): Promise<void> {
  await sql`SELECT pg_notify(${JOBS_CHANNEL}, ${kind})`.execute(db);
}

/** The names of the job kinds that services wake (JobKind.name). */
export const TRANSCRIPTION_JOB = "transcription";
export const SUMMARY_JOB = "summary";
