import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../db/schema.js";

/** Tables whose rows are jobs: each has `id`, `created_at` and the lease columns. */
export type JobTable = "voice_notes" | "summaries" | "jobs";

export interface LeasedJobsOptions {
  table: JobTable;
  /** Which rows are jobs still to do (e.g. `is_transcribing`); a partial index on it keeps claims cheap. */
  pending: RawBuilder<unknown>;
  /** Columns a retry clears (a message from the attempt before). */
  clearOnRetry?: string[];
}

const changed = (r: { numAffectedRows?: bigint }) => (r.numAffectedRows ?? 0n) > 0n;

/**
 * The lease writes of the job loop (jobs/job-loop.ts) for any table with the lease columns
 * (`attempts`, `next_attempt_at`, `lease_owner`, `lease_expires_at`): a claim with FOR UPDATE
 * SKIP LOCKED, so workers sharing PostgreSQL never take the same row, under a lease, so a killed
 * worker's job is taken again; every later write needs the lease still held. A kind's own
 * repository adds what ends its jobs (complete, fail) and reads what a claim returns.
 */
export function leasedJobs(db: Kysely<DB>, o: LeasedJobsOptions) {
  const table = sql.table(o.table);
  const held = (id: string, workerId: string) => sql`id = ${id} AND lease_owner = ${workerId}`;
  return {
    /** The next due row under a lease, with `columns` (and its attempts, this one counted). */
    async claim<R>(workerId: string, leaseSeconds: number, columns: string[]): Promise<R | undefined> {
      const { rows } = await sql<R>`
        UPDATE ${table}
           SET lease_owner = ${workerId}, lease_expires_at = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
         WHERE id = (
           SELECT id FROM ${table}
            WHERE ${o.pending}
              AND (next_attempt_at IS NULL OR next_attempt_at <= now())
              AND (lease_expires_at IS NULL OR lease_expires_at < now())
            ORDER BY next_attempt_at NULLS FIRST, created_at
            LIMIT 1
            FOR UPDATE SKIP LOCKED)
        RETURNING ${sql.join(columns.map((c) => sql.ref(c)))}`.execute(db);
      return rows[0];
    },

    /**
     * Heartbeat: extends the lease while the worker is still busy, so work that takes longer than
     * one lease is not taken (and done again) by another worker. False when the lease is gone.
     */
    async renew(id: string, workerId: string, leaseSeconds: number): Promise<boolean> {
      return changed(
        await sql`UPDATE ${table} SET lease_expires_at = now() + make_interval(secs => ${leaseSeconds})
                   WHERE ${held(id, workerId)} AND ${o.pending}`.execute(db),
      );
    },

    async retryLater(id: string, workerId: string, delayMs: number): Promise<void> {
      const cleared = (o.clearOnRetry ?? []).map((c) => sql`, ${sql.ref(c)} = NULL`);
      await sql`UPDATE ${table}
                   SET lease_owner = NULL, lease_expires_at = NULL, next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})${sql.join(cleared, sql``)}
                 WHERE ${held(id, workerId)}`.execute(db);
    },

    /** Shutdown: gives a claimed row back without spending an attempt. */
    async release(id: string, workerId: string): Promise<void> {
      await sql`UPDATE ${table} SET lease_owner = NULL, lease_expires_at = NULL, attempts = greatest(attempts - 1, 0)
                 WHERE ${held(id, workerId)}`.execute(db);
    },

    /** Every lease freed at once (only this process opens the database, so each was a killed one's). */
    async resumeAbandoned(): Promise<number> {
      const r = await sql`UPDATE ${table} SET lease_owner = NULL, lease_expires_at = NULL
                           WHERE ${o.pending} AND lease_owner IS NOT NULL`.execute(db);
      return Number(r.numAffectedRows ?? 0n);
    },
  };
}
