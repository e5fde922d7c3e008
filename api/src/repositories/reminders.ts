import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { ownedBy } from "./scope.js";

export interface ReminderSettingsRow {
  enabled: boolean;
  minutes: number;
  days: number[];
  onlyIfNoNote: boolean;
  timeZone: string;
}

/** A person's reminder settings and their reminder rows (the rows the job runner works). */
export function remindersRepository(db: Kysely<DB>) {
  return {
    async findSettings(userId: string): Promise<ReminderSettingsRow | undefined> {
      const row = await db
        .selectFrom("reminder_settings")
        .select(["enabled", "minutes", "days", "only_if_no_note", "time_zone"])
        .$call(ownedBy("reminder_settings", userId))
        .executeTakeFirst();
      return row && { enabled: row.enabled, minutes: row.minutes, days: row.days, onlyIfNoNote: row.only_if_no_note, timeZone: row.time_zone };
    },

    async saveSettings(userId: string, s: ReminderSettingsRow): Promise<void> {
      const values = { enabled: s.enabled, minutes: s.minutes, days: s.days, only_if_no_note: s.onlyIfNoNote, time_zone: s.timeZone };
      await db
        .insertInto("reminder_settings")
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
        .execute();
    },

    /** Drops the person's reminders still waiting (not one being sent right now): the settings changed. */
    async dropWaiting(userId: string): Promise<void> {
      await db
        .deleteFrom("reminder_deliveries")
        .$call(ownedBy("reminder_deliveries", userId))
        .where("status", "=", "pending")
        .where((eb) => eb.or([eb("lease_expires_at", "is", null), eb("lease_expires_at", "<", sql<Date>`now()`)]))
        .execute();
    },

    /**
     * Schedules the person's reminder of a local day, or moves a waiting one to the new time.
     * False when that day's reminder was already settled (sent or skipped): once per day.
     */
    async schedule(userId: string, day: string, dueAt: Date): Promise<boolean> {
      const row = await db
        .insertInto("reminder_deliveries")
        .values({ user_id: userId, local_date: day, due_at: dueAt })
        .onConflict((oc) =>
          oc
            .columns(["user_id", "local_date"])
            .doUpdateSet({ due_at: dueAt, next_attempt_at: null })
            .where("reminder_deliveries.status", "=", "pending")
            .where("reminder_deliveries.lease_owner", "is", null),
        )
        .returning("id")
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the person has a note in [start, end) in any collection (one probe of the notes index). */
    async hasNoteBetween(userId: string, start: Date, end: Date): Promise<boolean> {
      const row = await db
        .selectFrom("voice_notes")
        .select("id")
        .$call(ownedBy("voice_notes", userId))
        .where("created_at", ">=", start)
        .where("created_at", "<", end)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The title of the person's latest note made before `before`, if any. */
    async lastNoteTitle(userId: string, before: Date): Promise<string | undefined> {
      const row = await db
        .selectFrom("voice_notes")
        .select("title")
        .$call(ownedBy("voice_notes", userId))
        .where("created_at", "<", before)
        .orderBy("created_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return row?.title;
    },
  };
}
