import type { Kysely, Selectable } from "kysely";
import type { DB, SummariesTable } from "../db/schema.js";
import { ownedBy } from "./scope.js";

export type SummaryWithTypeRow = Selectable<SummariesTable> & { summary_type_name: string | null };

export interface NewSummary {
  userId: string;
  domainId: string;
  summaryTypeId: string | null;
  period: string;
  periodKey: string;
  prompt: string | null;
  responseLength: string;
  content: string;
  themes: string[];
  totalVoiceNotes: number;
  totalDuration: number;
  wordsTranscribed: number;
  engine: string;
}

export function summariesRepository(db: Kysely<DB>) {
  const withTypeName = () =>
    db
      .selectFrom("summaries")
      .leftJoin("summary_types", "summary_types.id", "summaries.summary_type_id")
      .selectAll("summaries")
      .select("summary_types.name as summary_type_name");

  return {
    /** Newest first; every collection of the user when domainId is absent. */
    list(userId: string, q: { period: string; periodKey: string; domainId?: string | undefined }): Promise<SummaryWithTypeRow[]> {
      return withTypeName()
        .$call(ownedBy("summaries", userId))
        .where("summaries.period", "=", q.period)
        .where("summaries.period_key", "=", q.periodKey)
        .$if(q.domainId !== undefined, (qb) => qb.where("summaries.domain_id", "=", q.domainId!))
        .orderBy("summaries.created_at", "desc")
        .orderBy("summaries.id", "desc")
        .execute();
    },

    find(userId: string, id: string): Promise<SummaryWithTypeRow | undefined> {
      return withTypeName().$call(ownedBy("summaries", userId)).where("summaries.id", "=", id).executeTakeFirst();
    },

    async insert(s: NewSummary): Promise<SummaryWithTypeRow> {
      const row = await db
        .insertInto("summaries")
        .values({
          user_id: s.userId,
          domain_id: s.domainId,
          summary_type_id: s.summaryTypeId,
          period: s.period,
          period_key: s.periodKey,
          prompt: s.prompt,
          response_length: s.responseLength,
          content: s.content,
          themes: s.themes,
          total_voice_notes: s.totalVoiceNotes,
          total_duration: s.totalDuration,
          words_transcribed: s.wordsTranscribed,
          engine: s.engine,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return (await this.find(s.userId, row.id))!;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("summaries")
        .$call(ownedBy("summaries", userId))
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
export type SummariesRepository = ReturnType<typeof summariesRepository>;
