import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * Reminders to journal (DESIGN §14). `reminder_settings`: one row per person (the time as
 * minutes after local midnight, ISO weekdays, the zone). `push_subscriptions`: one row per
 * browser that said yes (its endpoint is the browser's, unique: a device signed into another
 * account moves to it). `reminder_deliveries`: the job rows, one per person and local day
 * (UNIQUE), due at an instant, claimed under a lease like the other jobs, so two workers never
 * send the same day's reminder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE reminder_settings (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      enabled boolean NOT NULL,
      minutes integer NOT NULL CHECK (minutes >= 0 AND minutes < 1440),
      days integer[] NOT NULL,
      only_if_no_note boolean NOT NULL DEFAULT true,
      time_zone text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE push_subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
    CREATE TABLE reminder_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      local_date text NOT NULL,
      due_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped', 'failed')),
      outcome text,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      lease_owner text,
      lease_expires_at timestamptz,
      settled_at timestamptz,
      UNIQUE (user_id, local_date)
    );
    CREATE INDEX reminder_deliveries_queue_idx ON reminder_deliveries (due_at) WHERE status = 'pending'
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    DROP TABLE reminder_deliveries; DROP TABLE push_subscriptions; DROP TABLE reminder_settings
  `);
}
