import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";

/** The counters of usage_days, by what the limits call them. */
export const USAGE_COLUMN = { transcriptionMinutes: "transcription_seconds", summaries: "summaries", ask: "asks" } as const;
export type UsageKind = keyof typeof USAGE_COLUMN;

export interface DayUsage {
  transcriptionSeconds: number;
  summaries: number;
  asks: number;
}

/** What each account used per local day (usage_days); the limits' rules are in services/limits.ts. */
export function usageRepository(db: Kysely<DB>) {
  return {
    async onDay(userId: string, day: string): Promise<DayUsage> {
      const row = await db
        .selectFrom("usage_days")
        .select(["transcription_seconds", "summaries", "asks"])
        .where("user_id", "=", userId)
        .where("day", "=", day)
        .executeTakeFirst();
      return { transcriptionSeconds: Number(row?.transcription_seconds ?? 0), summaries: row?.summaries ?? 0, asks: row?.asks ?? 0 };
    },

    /**
     * Counts one summary or question on the day unless the day's count reached `limit` (at least
     * 1), in one statement, so two requests at once cannot both take the last one. False: refused.
     */
    async takeOne(userId: string, day: string, kind: "summaries" | "ask", limit: number): Promise<boolean> {
      const column = USAGE_COLUMN[kind];
      const result = await sql<{ n: number }>`
        INSERT INTO usage_days (user_id, day, ${sql.ref(column)}) VALUES (${userId}, ${day}, 1)
        ON CONFLICT (user_id, day) DO UPDATE SET ${sql.ref(column)} = usage_days.${sql.ref(column)} + 1
          WHERE usage_days.${sql.ref(column)} < ${limit}
        RETURNING 1 AS n`.execute(db);
      return result.rows.length > 0;
    },

    /** Adds to the day's count without a check (transcription seconds, measured once the work is done). */
    async add(userId: string, day: string, kind: UsageKind, amount: number): Promise<void> {
      const column = USAGE_COLUMN[kind];
      await sql`
        INSERT INTO usage_days (user_id, day, ${sql.ref(column)}) VALUES (${userId}, ${day}, ${amount})
        ON CONFLICT (user_id, day) DO UPDATE SET ${sql.ref(column)} = usage_days.${sql.ref(column)} + ${amount}`.execute(db);
    },
  };
}
