import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, SummariesTable } from "../db/schema.js";
import { ownedBy } from "./scope.js";

export type SummaryWithTypeRow = Selectable<SummariesTable> & { summary_type_name: string | null };

/** What a summary was asked for: whose, which collection, which period, with which prompt. */
export interface SummaryRequest {
  userId: string;
  domainId: string;
  summaryTypeId: string | null;
  period: string;
  periodKey: string;
  prompt: string | null;
  responseLength: string;
}

/** What a written summary holds: the engine's answer and the period's figures. */
export interface SummaryFigures {
  content: string;
  themes: string[];
  totalVoiceNotes: number;
  totalDuration: number;
  wordsTranscribed: number;
  engine: string;
}

export interface NewSummary extends SummaryRequest, SummaryFigures {
  /** An imported summary keeps its own; a new one is now. */
  createdAt?: Date;
}

/** A summary's row as inserted (a pending one has no content yet). */
function summaryValues(s: NewSummary) {
  return {
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
    ...(s.createdAt ? { created_at: s.createdAt } : {}),
  };
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

    findByClientRequestId(userId: string, clientRequestId: string): Promise<SummaryWithTypeRow | undefined> {
      return withTypeName().$call(ownedBy("summaries", userId)).where("summaries.client_request_id", "=", clientRequestId).executeTakeFirst();
    },

    find(userId: string, id: string): Promise<SummaryWithTypeRow | undefined> {
      return withTypeName().$call(ownedBy("summaries", userId)).where("summaries.id", "=", id).executeTakeFirst();
    },

    async insert(s: NewSummary): Promise<SummaryWithTypeRow> {
      const row = await db
        .insertInto("summaries")
        .values(summaryValues(s))
        .returning("id")
        .executeTakeFirstOrThrow();
      return (await this.find(s.userId, row.id))!;
    },

    /**
     * A generate request, stored at once as a pending summary for the job runner. With a
     * clientRequestId this user already sent, the UNIQUE (user_id, client_request_id) index keeps
     * the first (also under concurrent resends) and `created` is false.
     */
    async insertPending(
      s: SummaryRequest & { clientRequestId: string | null; timeZone: string },
    ): Promise<{ row: SummaryWithTypeRow; created: boolean }> {
      const inserted = await db
        .insertInto("summaries")
        .values({
          ...summaryValues({ ...s, content: "", themes: [], totalVoiceNotes: 0, totalDuration: 0, wordsTranscribed: 0, engine: "" }),
          status: "pending",
          client_request_id: s.clientRequestId,
          time_zone: s.timeZone,
          next_attempt_at: sql<Date>`now()`,
        })
        .onConflict((oc) => oc.columns(["user_id", "client_request_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) return { row: (await this.find(s.userId, inserted.id))!, created: true };
      const existing = await withTypeName()
        .$call(ownedBy("summaries", s.userId))
        .where("summaries.client_request_id", "=", s.clientRequestId)
        .executeTakeFirstOrThrow();
      return { row: existing, created: false };
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
