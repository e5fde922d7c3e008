import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";

/** A due reminder claimed by one worker under a lease. */
export interface ClaimedReminder {
  id: string;
  userId: string;
  day: string;
  dueAt: Date;
  attempts: number;
}

export type ReminderSettlement = "sent" | "skipped" | "failed";

/**
 * The reminder queue: one row per person and local day (UNIQUE), due at an instant, claimed with
 * FOR UPDATE SKIP LOCKED under a lease as the other jobs are, so with several workers each
 * day's reminder is taken, and sent, by one. Settling needs the lease.
 */
export function reminderJobsRepository(db: Kysely<DB>) {
  return {
    /** The earliest due reminder, due by `dueBy` (the database's clock when absent; tests freeze time). */
    async claim(workerId: string, leaseSeconds: number, dueBy?: Date): Promise<ClaimedReminder | undefined> {
      const { rows } = await sql<{ id: string; user_id: string; local_date: string; due_at: Date; attempts: number }>`
        UPDATE reminder_deliveries
           SET lease_owner = ${workerId}, lease_expires_at = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
         WHERE id = (
           SELECT id FROM reminder_deliveries
            WHERE status = 'pending'
              AND due_at <= coalesce(${dueBy ?? null}::timestamptz, now())
              AND (next_attempt_at IS NULL OR next_attempt_at <= now())
              AND (lease_expires_at IS NULL OR lease_expires_at < now())
            ORDER BY due_at
            LIMIT 1
            FOR UPDATE SKIP LOCKED)
        RETURNING id, user_id, local_date, due_at, attempts`.execute(db);
      const r = rows[0];
      return r && { id: r.id, userId: r.user_id, day: r.local_date, dueAt: new Date(r.due_at), attempts: r.attempts };
    },

    async settle(id: string, workerId: string, status: ReminderSettlement, outcome: string): Promise<boolean> {
      const r = await db
        .updateTable("reminder_deliveries")
        .set({ status, outcome, settled_at: sql<Date>`now()`, lease_owner: null, lease_expires_at: null, next_attempt_at: null })
        .where("id", "=", id)
        .where("lease_owner", "=", workerId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    async retryLater(id: string, workerId: string, delayMs: number, outcome: string): Promise<void> {
      await db
        .updateTable("reminder_deliveries")
        .set({ outcome, lease_owner: null, lease_expires_at: null, next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})` })
        .where("id", "=", id)
        .where("lease_owner", "=", workerId)
        .execute();
    },

    /** Shutdown: give a claimed reminder back without spending an attempt. */
    async release(id: string, workerId: string): Promise<void> {
      await db
        .updateTable("reminder_deliveries")
        .set({ lease_owner: null, lease_expires_at: null, attempts: sql<number>`greatest(attempts - 1, 0)` })
        .where("id", "=", id)
        .where("lease_owner", "=", workerId)
        .execute();
    },
  };
}
export type ReminderJobsRepository = ReturnType<typeof reminderJobsRepository>;
