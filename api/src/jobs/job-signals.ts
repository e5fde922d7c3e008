import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";

/** The PostgreSQL channel on which processes tell each other that a job was queued. */
export const JOBS_CHANNEL = "vj_jobs";
export type JobKind = "note" | "summary";

export const isJobKind = (payload: string): payload is JobKind => payload === "note" || payload === "summary";

/**
 * Across processes on PostgreSQL (ROLE=api beside ROLE=worker): a queued note or summary is
 * announced with NOTIFY, so a worker claims it at once instead of at its next poll (the poll
 * stays, as the sweep and the fallback; db/pg-listen.ts listens). In one process the runners are
 * woken directly.
 */
export async function notifyJob(db: Kysely<DB>, kind: JobKind): Promise<void> {
  await sql`SELECT pg_notify(${JOBS_CHANNEL}, ${kind})`.execute(db);
}
