import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";

/** One account with what the admin screen shows of it: counts and sizes, never a word of its notes. */
export interface AccountSummaryRow {
  id: string;
  email: string;
  created_at: Date;
  last_active_at: Date | null;
  is_admin: boolean;
  disabled_at: Date | null;
  limit_transcription_minutes: number | null;
  limit_summaries: number | null;
  limit_ask: number | null;
  notes: number;
  audio_bytes: number;
  month_transcription_seconds: number;
  month_summaries: number;
  month_asks: number;
}

/** The admin screen's reads and writes over every account (services/admin.ts holds the rules). */
export function adminRepository(db: Kysely<DB>) {
  return {
    /** Every account (or one), oldest first, with its notes, audio and AI use since `monthStart` (a local day key). */
    async accounts(monthStart: string, id?: string): Promise<AccountSummaryRow[]> {
      const notes = db
        .selectFrom("voice_notes")
        .select(["user_id", sql<number>`count(*)::int`.as("notes"), sql<number>`coalesce(sum(audio_bytes), 0)::float8`.as("audio_bytes")])
        .$if(id !== undefined, (q) => q.where("user_id", "=", id!))
        .groupBy("user_id")
        .as("n");
      const usage = db
        .selectFrom("usage_days")
        .select([
          "user_id",
          sql<number>`sum(transcription_seconds)::float8`.as("seconds"),
          sql<number>`sum(summaries)::int`.as("summaries"),
          sql<number>`sum(asks)::int`.as("asks"),
        ])
        .where("day", ">=", monthStart)
        .$if(id !== undefined, (q) => q.where("user_id", "=", id!))
        .groupBy("user_id")
        .as("m");
      return db
        .selectFrom("users as u")
        .leftJoin(notes, "n.user_id", "u.id")
        .leftJoin(usage, "m.user_id", "u.id")
        .select([
          "u.id",
          "u.email",
          "u.created_at",
          "u.last_active_at",
          "u.is_admin",
          "u.disabled_at",
          "u.limit_transcription_minutes",
          "u.limit_summaries",
          "u.limit_ask",
          sql<number>`coalesce(n.notes, 0)`.as("notes"),
          sql<number>`coalesce(n.audio_bytes, 0)`.as("audio_bytes"),
          sql<number>`coalesce(m.seconds, 0)`.as("month_transcription_seconds"),
          sql<number>`coalesce(m.summaries, 0)`.as("month_summaries"),
          sql<number>`coalesce(m.asks, 0)`.as("month_asks"),
        ])
        .$if(id !== undefined, (q) => q.where("u.id", "=", id!))
        .orderBy("u.created_at")
        .orderBy("u.id")
        .execute();
    },

    /** Admins that can sign in, other than `exceptId`: the last one may not be removed. */
    async otherActiveAdmins(exceptId: string): Promise<number> {
      const row = await db
        .selectFrom("users")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("is_admin", "=", true)
        .where("disabled_at", "is", null)
        .where("id", "<>", exceptId)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async update(
      id: string,
      patch: Partial<{
        is_admin: boolean;
        disabled_at: Date | null;
        limit_transcription_minutes: number | null;
        limit_summaries: number | null;
        limit_ask: number | null;
      }>,
    ): Promise<boolean> {
      const result = await db.updateTable("users").set({ ...patch, updated_at: new Date() }).where("id", "=", id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The oldest account that can sign in, made admin: an instance is never left without one. */
    async promoteOldest(): Promise<string | undefined> {
      const row = await db
        .updateTable("users")
        .set({ is_admin: true })
        .where("id", "=", (eb) =>
          eb.selectFrom("users").select("id").where("disabled_at", "is", null).orderBy("created_at").orderBy("id").limit(1),
        )
        .returning("id")
        .executeTakeFirst();
      return row?.id;
    },
  };
}
