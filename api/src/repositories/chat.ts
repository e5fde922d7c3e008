import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { ownedBy } from "./scope.js";

export interface ThreadRow {
  id: string;
  domain_id: string;
  title: string;
  updated_at: Date;
}

export interface MessageRow {
  id: string;
  role: "user" | "assistant";
  content: string;
  citations: unknown;
  stopped: boolean;
  created_at: Date;
}

export interface NewMessage {
  role: "user" | "assistant";
  content: string;
  citations: unknown[];
  stopped: boolean;
}

/** A note read as a source when the question's words match nothing. */
export interface RecentNoteRow {
  id: string;
  domain_id: string;
  title: string;
  transcription: string;
  created_at: Date;
}

export function chatRepository(db: Kysely<DB>) {
  return {
    listThreads(userId: string, domainId: string): Promise<ThreadRow[]> {
      return db
        .selectFrom("chat_threads")
        .select(["id", "domain_id", "title", "updated_at"])
        .$call(ownedBy("chat_threads", userId))
        .where("domain_id", "=", domainId)
        .orderBy("updated_at", "desc")
        .orderBy("id", "desc")
        .limit(100)
        .execute();
    },

    findThread(userId: string, id: string): Promise<ThreadRow | undefined> {
      return db
        .selectFrom("chat_threads")
        .select(["id", "domain_id", "title", "updated_at"])
        .$call(ownedBy("chat_threads", userId))
        .where("id", "=", id)
        .executeTakeFirst();
    },

    /** Every message, oldest first, or the last `last` of them. */
    async messages(threadId: string, last?: number): Promise<MessageRow[]> {
      const rows = await db
        .selectFrom("chat_messages")
        .select(["id", "role", "content", "citations", "stopped", "created_at"])
        .where("thread_id", "=", threadId)
        .orderBy("created_at", "desc")
        // Messages stored before saveTurn kept them apart can tie with their answer: question first.
        .orderBy(sql`role = 'user'`, "asc")
        .orderBy("id", "desc")
        .$if(last !== undefined, (qb) => qb.limit(last!))
        .execute();
      return rows.reverse();
    },

    async countMessages(threadId: string): Promise<number> {
      const row = await db.selectFrom("chat_messages").select((eb) => eb.fn.countAll<number>().as("n")).where("thread_id", "=", threadId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * The question and its answer, in one transaction: a new thread (titled by its first question)
     * or the given one, whose updatedAt moves. Returns the thread id and the answer's row.
     */
    async saveTurn(
      userId: string,
      domainId: string,
      threadId: string | null,
      title: string,
      question: NewMessage,
      answer: NewMessage,
    ): Promise<{ threadId: string; answer: MessageRow }> {
      return db.transaction().execute(async (trx) => {
        const thread = threadId
          ? await trx.updateTable("chat_threads").set({ updated_at: sql<Date>`now()` }).where("id", "=", threadId).where("user_id", "=", userId).returning("id").executeTakeFirstOrThrow()
          : await trx.insertInto("chat_threads").values({ user_id: userId, domain_id: domainId, title }).returning("id").executeTakeFirstOrThrow();
        // Each message strictly after the thread's last one: the clock alone may tie (PGlite's counts
        // milliseconds, and a question and its answer are stored within one), and a tie would let
        // the random id decide their order. The thread's row, updated or inserted above, holds a lock
        // that keeps two turns of one thread from interleaving.
        const after = sql<Date>`greatest(clock_timestamp(), (select max(created_at) + interval '1 microsecond' from chat_messages where thread_id = ${thread.id}))`;
        const insert = (m: NewMessage) =>
          trx
            .insertInto("chat_messages")
            .values({ thread_id: thread.id, user_id: userId, role: m.role, content: m.content, citations: JSON.stringify(m.citations), stopped: m.stopped, created_at: after })
            .returning(["id", "role", "content", "citations", "stopped", "created_at"])
            .executeTakeFirstOrThrow();
        await insert(question);
        return { threadId: thread.id, answer: await insert(answer) };
      });
    },

    async deleteThread(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom("chat_threads").$call(ownedBy("chat_threads", userId)).where("id", "=", id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The newest transcribed notes in scope (an error text is not a transcript). */
    recentNotes(userId: string, domainId: string, range: { start: Date; end: Date } | undefined, limit: number): Promise<RecentNoteRow[]> {
      return db
        .selectFrom("voice_notes")
        .select(["id", "domain_id", "title", "created_at"])
        .select(sql<string>`transcription`.as("transcription"))
        .$call(ownedBy("voice_notes", userId))
        .where("domain_id", "=", domainId)
        .$if(range !== undefined, (qb) => qb.where("created_at", ">=", range!.start).where("created_at", "<", range!.end))
        .where("transcription", "is not", null)
        .where("transcription_error", "is", null)
        .where("transcription", "not like", "ERROR:%")
        .where(sql<boolean>`btrim(transcription) <> ''`)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
    },

    /** Which of these notes and summaries still exist (a cited one may have been deleted since). */
    async existing(userId: string, ids: { notes: string[]; summaries: string[] }): Promise<Set<string>> {
      const found = new Set<string>();
      if (ids.notes.length) {
        for (const r of await db.selectFrom("voice_notes").select("id").$call(ownedBy("voice_notes", userId)).where("id", "in", ids.notes).execute()) found.add(r.id);
      }
      if (ids.summaries.length) {
        for (const r of await db.selectFrom("summaries").select("id").$call(ownedBy("summaries", userId)).where("id", "in", ids.summaries).execute()) found.add(r.id);
      }
      return found;
    },
  };
}
