import { collectionSlug } from "@vj/core";
import { sql, type Kysely, type Transaction } from "kysely";
import type { DB, DomainRow, SummaryTypeRow, VoiceNoteRow } from "../db/schema.js";
import type { SummaryWithTypeRow } from "./summaries.js";
import { ownedBy } from "./scope.js";

type Db = Kysely<DB> | Transaction<DB>;

const EXPORTED_NOTE_COLUMNS = [
  "id",
  "client_id",
  "title",
  "transcription",
  "transcription_error",
  "duration",
  "audio_key",
  "audio_mime",
  "audio_bytes",
  "created_at",
] as const satisfies readonly (keyof VoiceNoteRow)[];

/** A note as an export reads it, with the exact time of its place in the order. */
export type ExportedNoteRow = Pick<VoiceNoteRow, (typeof EXPORTED_NOTE_COLUMNS)[number]> & { cursor_at: string };

/** Where the next page of an export's notes starts: after this note. */
export interface ExportCursor {
  at: string;
  id: string;
}

/** The reads of an export and the writes of an import (DESIGN §12); every statement is the user's. */
export function portabilityRepository(db: Db) {
  return {
    collections(userId: string, domainId?: string): Promise<DomainRow[]> {
      return db
        .selectFrom("domains")
        .selectAll()
        .$call(ownedBy("domains", userId))
        .$if(domainId !== undefined, (qb) => qb.where("id", "=", domainId!))
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },

    summaryTypes(userId: string, domainId: string): Promise<SummaryTypeRow[]> {
      return db.selectFrom("summary_types").selectAll().$call(ownedBy("summary_types", userId)).where("domain_id", "=", domainId).orderBy("created_at").orderBy("id").execute();
    },

    /**
     * A page of a collection's notes, oldest first, after the note `after` (keyset: created_at, id).
     * Only the columns an export writes (not the search index of the text, nor the queue's). The
     * cursor is the exact stored time (microseconds, as text): a Date keeps milliseconds, and a
     * note stored with microseconds would come again at the start of the next page.
     */
    notesPage(userId: string, domainId: string, after: ExportCursor | null, limit: number): Promise<ExportedNoteRow[]> {
      return db
        .selectFrom("voice_notes")
        .select(EXPORTED_NOTE_COLUMNS)
        .select(sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as("cursor_at"))
        .$call(ownedBy("voice_notes", userId))
        .where("domain_id", "=", domainId)
        .$if(after !== null, (qb) => qb.where(sql<boolean>`(created_at, id) > (${after!.at}::timestamptz, ${after!.id}::uuid)`))
        .orderBy("created_at")
        .orderBy("id")
        .limit(limit)
        .execute();
    },

    /** A collection's notes, oldest first. */
    notes(userId: string, domainId: string): Promise<VoiceNoteRow[]> {
      return db.selectFrom("voice_notes").selectAll().$call(ownedBy("voice_notes", userId)).where("domain_id", "=", domainId).orderBy("created_at").orderBy("id").execute();
    },

    summaries(userId: string, domainId: string): Promise<SummaryWithTypeRow[]> {
      return db
        .selectFrom("summaries")
        .leftJoin("summary_types", "summary_types.id", "summaries.summary_type_id")
        .selectAll("summaries")
        .select("summary_types.name as summary_type_name")
        .$call(ownedBy("summaries", userId))
        .where("summaries.domain_id", "=", domainId)
        // A summary still being written, or that failed, has no content to take along.
        .where("summaries.status", "=", "ready")
        .orderBy("summaries.created_at")
        .orderBy("summaries.id")
        .execute();
    },

    /** The user's collection of this name, else a new one (its slug made unique with the id if taken). */
    async collectionByName(
      userId: string,
      c: { name: string; description: string | null; primaryColor: string; isDefault: boolean; createdAt: Date },
    ): Promise<{ id: string; created: boolean }> {
      const found = await db.selectFrom("domains").select("id").$call(ownedBy("domains", userId)).where("name", "=", c.name).orderBy("created_at").limit(1).executeTakeFirst();
      if (found) return { id: found.id, created: false };
      const id = crypto.randomUUID();
      const slug = collectionSlug(c.name, id);
      const taken = await db.selectFrom("domains").select("id").$call(ownedBy("domains", userId)).where("slug", "=", slug).executeTakeFirst();
      const hasDefault = await db.selectFrom("domains").select("id").$call(ownedBy("domains", userId)).where("is_default", "=", true).executeTakeFirst();
      await db
        .insertInto("domains")
        .values({
          id,
          user_id: userId,
          name: c.name,
          slug: taken ? `${slug}-${id.slice(0, 8)}` : slug,
          description: c.description,
          primary_color: c.primaryColor,
          is_default: c.isDefault && !hasDefault,
          created_at: c.createdAt,
        })
        .execute();
      return { id, created: true };
    },

    async summaryTypeByName(userId: string, domainId: string, t: { name: string; prompt: string; createdAt: Date }): Promise<{ id: string; created: boolean }> {
      const found = await db.selectFrom("summary_types").select("id").$call(ownedBy("summary_types", userId)).where("domain_id", "=", domainId).where("name", "=", t.name).limit(1).executeTakeFirst();
      if (found) return { id: found.id, created: false };
      const row = await db
        .insertInto("summary_types")
        .values({ user_id: userId, domain_id: domainId, name: t.name, prompt: t.prompt, created_at: t.createdAt })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: row.id, created: true };
    },

    noteExists(userId: string, clientId: string): Promise<boolean> {
      return db.selectFrom("voice_notes").select("id").$call(ownedBy("voice_notes", userId)).where("client_id", "=", clientId).executeTakeFirst().then(Boolean);
    },

    /** Inserts the note unless its import key is already the user's (then false). */
    async insertNote(n: {
      userId: string;
      domainId: string;
      clientId: string;
      title: string;
      transcription: string | null;
      transcriptionError: string | null;
      duration: number;
      createdAt: Date;
      audio: { key: string; mime: string; bytes: number } | null;
    }): Promise<boolean> {
      const text = n.transcription;
      const transcribed = text !== null && text.trim() !== "" && n.transcriptionError === null;
      const row = await db
        .insertInto("voice_notes")
        .values({
          user_id: n.userId,
          domain_id: n.domainId,
          client_id: n.clientId,
          title: n.title,
          transcription: text,
          duration: n.duration,
          is_transcribed: transcribed,
          // Never transcribed again: only a note that had no text and no error (it was still
          // waiting when exported) joins the queue.
          is_transcribing: !transcribed && n.transcriptionError === null && n.audio !== null,
          transcription_error: n.transcriptionError,
          audio_key: n.audio?.key ?? null,
          audio_mime: n.audio?.mime ?? null,
          audio_bytes: n.audio?.bytes ?? null,
          next_attempt_at: sql<Date>`now()`,
          lease_owner: null,
          lease_expires_at: null,
          created_at: n.createdAt,
        })
        .onConflict((oc) => oc.columns(["user_id", "client_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A summary already there: same collection, period, type and creation instant. */
    async summaryExists(userId: string, s: { domainId: string; summaryTypeId: string | null; period: string; periodKey: string; createdAt: Date }): Promise<boolean> {
      const row = await db
        .selectFrom("summaries")
        .select("id")
        .$call(ownedBy("summaries", userId))
        .where("domain_id", "=", s.domainId)
        .where("period", "=", s.period)
        .where("period_key", "=", s.periodKey)
        .where("created_at", "=", s.createdAt)
        .where((eb) => (s.summaryTypeId === null ? eb("summary_type_id", "is", null) : eb("summary_type_id", "=", s.summaryTypeId)))
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
