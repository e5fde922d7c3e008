import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * Reminders to journal (DESIGN §14). `reminder_settings`: one row per person (the time as
 * minutes after local midnight, ISO weekdays, the zone). `push_subscriptions`: one row per
 * browser that said yes (its endpoint is the browser's, unique: a device signed into another
 * account moves to it). The reminders themselves are jobs of the shared `jobs` table, one per
 * person and local day (reminders/reminder-kind.ts).
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
    CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    DROP TABLE push_subscriptions; DROP TABLE reminder_settings
  `);
}
