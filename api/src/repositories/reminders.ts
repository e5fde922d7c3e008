import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { ownedBy } from "./scope.js";

export interface ReminderSettingsRow {
  enabled: boolean;
  minutes: number;
  days: number[];
  onlyIfNoNote: boolean;
  timeZone: string;
}

/** People's reminder settings, and what a reminder reads of their notes. */
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

    async saveSettings(userId: string, s: ReminderSettingsRow, at: Date): Promise<void> {
      const values = { enabled: s.enabled, minutes: s.minutes, days: s.days, only_if_no_note: s.onlyIfNoNote, time_zone: s.timeZone, updated_at: at };
      await db
        .insertInto("reminder_settings")
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
        .execute();
    },

    /** Every person with reminders on, and when their settings last changed (jobs/plan: a passed time is not sent at once). */
    async enabledSettings(): Promise<(ReminderSettingsRow & { userId: string; updatedAt: Date })[]> {
      const rows = await db
        .selectFrom("reminder_settings")
        .select(["user_id", "enabled", "minutes", "days", "only_if_no_note", "time_zone", "updated_at"])
        .where("enabled", "=", true)
        .execute();
      return rows.map((r) => ({
        userId: r.user_id,
        enabled: r.enabled,
        minutes: r.minutes,
        days: r.days,
        onlyIfNoNote: r.only_if_no_note,
        timeZone: r.time_zone,
        updatedAt: r.updated_at,
      }));
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
