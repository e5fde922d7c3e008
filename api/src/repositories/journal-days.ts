import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { ownedBy } from "./scope.js";

/**
 * Notes read by the person's local day (DESIGN §14): the calendar's counts, the days a streak
 * is made of, and On This Day. Every statement walks the (user, [domain,] created_at, id)
 * indexes of the notes list over a range of instants; the local day of each note is worked
 * out from its instant in the person's zone, so one index serves every zone.
 */

export interface DayCountRow {
  day: string;
  notes: number;
  duration: number;
}

export interface DayRange {
  start: Date;
  end: Date;
}

export interface NoteOfDayRow {
  id: string;
  domain_id: string;
  domain_name: string;
  domain_slug: string;
  domain_color: string;
  title: string;
  /** The transcript's beginning (enough for its first line), null while there is none. */
  opening: string | null;
  failed: boolean;
  duration: number;
  created_at: Date;
  day: string;
  total: number;
}

const localDay = (tz: string) => sql<string>`to_char(created_at at time zone ${tz}, 'YYYY-MM-DD')`;

export function journalDaysRepository(db: Kysely<DB>) {
  return {
    /** Notes and seconds per local day of [start, end), oldest day first; only days with notes. */
    async countByDay(userId: string, q: DayRange & { tz: string; domainId?: string | undefined }): Promise<DayCountRow[]> {
      const rows = await db
        .selectFrom("voice_notes")
        .select([
          localDay(q.tz).as("day"),
          sql<string>`count(*)`.as("notes"),
          sql<string>`coalesce(sum(duration), 0)`.as("duration"),
        ])
        .$call(ownedBy("voice_notes", userId))
        .$if(q.domainId !== undefined, (qb) => qb.where("domain_id", "=", q.domainId!))
        .where("created_at", ">=", q.start)
        .where("created_at", "<", q.end)
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute();
      return rows.map((r) => ({ day: r.day, notes: Number(r.notes), duration: Number(r.duration) }));
    },

    /**
     * Every local day with a note before `before`, newest first. A loose index scan: each step
     * is one probe of the index for the newest note before the previous day's local midnight,
     * so the cost follows the number of days written, not the number of notes.
     */
    async daysWithNotes(userId: string, q: { before: Date; tz: string; domainId?: string | undefined }): Promise<string[]> {
      const scope = q.domainId === undefined ? sql`` : sql`and domain_id = ${q.domainId}`;
      const result = await sql<{ day: string }>`
        with recursive days(day) as (
          select (select (created_at at time zone ${q.tz})::date from voice_notes
                  where user_id = ${userId} ${scope} and created_at < ${q.before}
                  order by created_at desc limit 1)
          union all
          select (select (created_at at time zone ${q.tz})::date from voice_notes
                  where user_id = ${userId} ${scope} and created_at < (days.day::timestamp at time zone ${q.tz})
                  order by created_at desc limit 1)
          from days where days.day is not null
        )
        select to_char(day, 'YYYY-MM-DD') as day from days where day is not null`.execute(db);
      return result.rows.map((r) => r.day);
    },

    /** The instant of the person's first note (every collection), or null. */
    async firstNoteAt(userId: string): Promise<Date | null> {
      const row = await db
        .selectFrom("voice_notes")
        .select("created_at")
        .$call(ownedBy("voice_notes", userId))
        .orderBy("created_at", "asc")
        .limit(1)
        .executeTakeFirst();
      return row?.created_at ?? null;
    },

    /**
     * The notes of several local days (every collection), at most `perDay` of each, oldest
     * first, with their collection and each day's total.
     */
    async notesOfDays(userId: string, q: { ranges: DayRange[]; tz: string; perDay: number }): Promise<NoteOfDayRow[]> {
      if (q.ranges.length === 0) return [];
      const inner = db
        .selectFrom("voice_notes as v")
        .innerJoin("domains as d", "d.id", "v.domain_id")
        .select([
          "v.id",
          "v.domain_id",
          "d.name as domain_name",
          "d.slug as domain_slug",
          "d.primary_color as domain_color",
          "v.title",
          sql<string | null>`left(v.transcription, 400)`.as("opening"),
          sql<boolean>`v.transcription_error is not null`.as("failed"),
          "v.duration",
          "v.created_at",
          sql<string>`to_char(v.created_at at time zone ${q.tz}, 'YYYY-MM-DD')`.as("day"),
          sql<number>`row_number() over (partition by to_char(v.created_at at time zone ${q.tz}, 'YYYY-MM-DD') order by v.created_at, v.id)`.as("rank"),
          sql<string>`count(*) over (partition by to_char(v.created_at at time zone ${q.tz}, 'YYYY-MM-DD'))`.as("total"),
        ])
        .where("v.user_id", "=", userId)
        .where((eb) => eb.or(q.ranges.map((r) => eb.and([eb("v.created_at", ">=", r.start), eb("v.created_at", "<", r.end)]))));
      const rows = await db
        .selectFrom(inner.as("x"))
        .selectAll()
        .where("rank", "<=", q.perDay)
        .orderBy("created_at", "asc")
        .orderBy("id", "asc")
        .execute();
      return rows.map(({ rank: _rank, ...r }) => ({ ...r, total: Number(r.total) }));
    },
  };
}
