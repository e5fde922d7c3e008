import { TRANSCRIPTION_ERROR_PREFIX, type NoteCursor } from "@vj/core";
import { sql, type Kysely } from "kysely";
import type { DB, VoiceNoteRow } from "../db/schema.js";
import { liveAccess, type AccessKey } from "./assistant-access.js";
import { liveSession, type SessionKey } from "./auth-sessions.js";
import { ownedBy } from "./scope.js";

/** A transcription that is an error text (SPEC §4: it starts with TRANSCRIPTION_ERROR_PREFIX), as a LIKE pattern. */
const ERROR_TEXT_PATTERN = `${TRANSCRIPTION_ERROR_PREFIX}%`;

export interface NewNote {
  userId: string;
  domainId: string;
  clientId: string | null;
  title: string;
  duration: number;
  createdAt: Date;
  audioKey: string;
  audioMime: string;
  audioBytes: number;
}

/** A transcribed note as a summary reads it. */
export interface TranscribedNote {
  id: string;
  title: string;
  transcription: string;
  duration: number;
  createdAt: Date;
}

export interface NotePageQuery {
  start: Date;
  end: Date;
  domainId?: string | undefined;
  before?: NoteCursor | undefined;
  limit: number;
  /** Rows only while this bearer session is live (the check rides in the same statement). */
  liveSession?: SessionKey | undefined;
  /** Rows only while this assistant credential is live (likewise). */
  liveAccess?: AccessKey | undefined;
}

/** The columns a note is answered with (services/voice-notes.ts toVoiceNote); not the job's bookkeeping. */
export const NOTE_COLUMNS = [
  "id",
  "user_id",
  "domain_id",
  "client_id",
  "title",
  "transcription",
  "duration",
  "is_transcribed",
  "is_transcribing",
  "transcription_error",
  "awaiting_engine",
  "limit_wait_until",
  "audio_key",
  "audio_mime",
  "audio_bytes",
  "created_at",
] as const satisfies readonly (keyof VoiceNoteRow)[];
export type NoteFields = Pick<VoiceNoteRow, (typeof NOTE_COLUMNS)[number]>;

function notePageQuery(db: Kysely<DB>, userId: string, q: NotePageQuery) {
  return db
    .selectFrom("voice_notes")
    .select(NOTE_COLUMNS)
    // The exact stored instant (microseconds, UTC) for the next page's cursor: a JS Date keeps
    // only milliseconds, which could skip notes that differ below that.
    .select(sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as("cursor_at"))
    .$call(ownedBy("voice_notes", userId))
    .$if(q.domainId !== undefined, (qb) => qb.where("domain_id", "=", q.domainId!))
    .$if(q.liveSession !== undefined, (qb) => qb.where(liveSession(q.liveSession!)))
    .$if(q.liveAccess !== undefined, (qb) => qb.where(liveAccess(q.liveAccess!)))
    .where("created_at", ">=", q.start)
    .where("created_at", "<", q.end)
    .$if(q.before !== undefined, (qb) =>
      qb.where(sql<boolean>`(created_at, id) < (${q.before!.at}::timestamptz, ${q.before!.id}::uuid)`),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(q.limit + 1);
}

/** Answered from voice_notes_audio_key_idx (migration 20261128T0220), not by reading every note. */
const referencedAudioKeysQuery = (db: Kysely<DB>, keys: string[]) => db.selectFrom("voice_notes").select("audio_key").where("audio_key", "in", keys);

export function voiceNotesRepository(db: Kysely<DB>) {
  return {
    /** Which of these audio keys a note still references (the crash sweep keeps those). */
    async referencedAudioKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await referencedAudioKeysQuery(db, keys).execute();
      return new Set(rows.map((r) => r.audio_key!));
    },

    /** The statement of referencedAudioKeys, for EXPLAIN. */
    referencedAudioKeysQuery: (keys: string[]) => referencedAudioKeysQuery(db, keys),

    /**
     * Inserts a note queued for transcription. With a clientId already used by this user, the
     * UNIQUE (user_id, client_id) constraint keeps the first row (also under concurrent replays)
     * and `created` is false: the caller then answers the stored note and drops its new audio.
     */
    async insertOnce(n: NewNote): Promise<{ row: VoiceNoteRow; created: boolean }> {
      const inserted = await db
        .insertInto("voice_notes")
        .values({
          user_id: n.userId,
          domain_id: n.domainId,
          client_id: n.clientId,
          title: n.title,
          transcription: null,
          duration: n.duration,
          is_transcribed: false,
          is_transcribing: true,
          transcription_error: null,
          audio_key: n.audioKey,
          audio_mime: n.audioMime,
          audio_bytes: n.audioBytes,
          next_attempt_at: sql<Date>`now()`,
          lease_owner: null,
          lease_expires_at: null,
          created_at: n.createdAt,
        })
        .onConflict((oc) => oc.columns(["user_id", "client_id"]).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { row: inserted, created: true };
      const existing = await db
        .selectFrom("voice_notes")
        .selectAll()
        .$call(ownedBy("voice_notes", n.userId))
        .where("client_id", "=", n.clientId)
        .executeTakeFirstOrThrow();
      return { row: existing, created: false };
    },

    findByClientId(userId: string, clientId: string): Promise<VoiceNoteRow | undefined> {
      return db
        .selectFrom("voice_notes")
        .selectAll()
        .$call(ownedBy("voice_notes", userId))
        .where("client_id", "=", clientId)
        .executeTakeFirst();
    },

    find(userId: string, id: string): Promise<VoiceNoteRow | undefined> {
      return db
        .selectFrom("voice_notes")
        .selectAll()
        .$call(ownedBy("voice_notes", userId))
        .where("id", "=", id)
        .executeTakeFirst();
    },

    /**
     * One page of the notes created in [start, end), newest first with ties broken by id (the
     * order of the (user, [domain,] created_at, id) indexes, read backwards: no sort), after the
     * `before` cursor when given. Every collection of the user when domainId is absent. Reads
     * one row more than `limit` so the caller knows whether another page follows. With
     * `liveSession`, no rows unless that session is live (a one-time filter in the plan).
     */
    listPage(userId: string, q: NotePageQuery): Promise<(NoteFields & { cursor_at: string })[]> {
      return notePageQuery(db, userId, q).execute();
    },

    /** The same page with each note's collection name and slug (an assistant's list names them), in the same statement. */
    listPageWithCollection(userId: string, q: NotePageQuery): Promise<(NoteFields & { cursor_at: string; domain_name: string | null; domain_slug: string | null })[]> {
      return notePageQuery(db, userId, q)
        .select((eb) => [
          eb.selectFrom("domains").select("domains.name").whereRef("domains.id", "=", "voice_notes.domain_id").as("domain_name"),
          eb.selectFrom("domains").select("domains.slug").whereRef("domains.id", "=", "voice_notes.domain_id").as("domain_slug"),
        ])
        .execute();
    },

    /** The statement of listPage, for EXPLAIN. */
    listPageQuery: (userId: string, q: NotePageQuery) => notePageQuery(db, userId, q),

    /** The period's notes that have usable text (not failed), oldest first: what a summary reads. */
    async listTranscribedInRange(
      userId: string,
      range: { start: Date; end: Date; domainId: string },
    ): Promise<TranscribedNote[]> {
      const rows = await db
        .selectFrom("voice_notes")
        .select(["id", "title", "transcription", "duration", "created_at"])
        .$call(ownedBy("voice_notes", userId))
        .where("domain_id", "=", range.domainId)
        .where("created_at", ">=", range.start)
        .where("created_at", "<", range.end)
        .where("is_transcribed", "=", true)
        .where("transcription_error", "is", null)
        .where("transcription", "is not", null)
        .where(sql<boolean>`btrim(transcription) <> ''`)
        .where("transcription", "not like", ERROR_TEXT_PATTERN)
        .orderBy("created_at", "asc")
        .orderBy("id", "asc")
        .execute();
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        transcription: r.transcription!,
        duration: r.duration,
        createdAt: r.created_at,
      }));
    },

    /** The patch must set at least one field. */
    update(
      userId: string,
      id: string,
      patch: { title?: string | undefined; transcription?: string | undefined },
    ): Promise<VoiceNoteRow | undefined> {
      const text = patch.transcription;
      return db
        .updateTable("voice_notes")
        .$call(ownedBy("voice_notes", userId))
        .where("id", "=", id)
        .set({
          ...(patch.title !== undefined ? { title: patch.title } : {}),
          // Text written by the user is the note's transcript from now on.
          ...(text !== undefined
            ? { transcription: text, is_transcribed: text.trim() !== "", transcription_error: null, awaiting_engine: false, limit_wait_until: null }
            : {}),
          // ...so a queued or running transcription stops: its worker's lease goes, and the worker's
          // complete/fail (which need the lease) then write nothing over the user's words.
          ...(text !== undefined && text.trim() !== ""
            ? { is_transcribing: false, lease_owner: null, lease_expires_at: null, next_attempt_at: null }
            : {}),
        })
        .returningAll()
        .executeTakeFirst();
    },

    /** Deletes the note; returns its audio key (to delete the blob after the row) or undefined. */
    async delete(userId: string, id: string): Promise<{ audioKey: string | null } | undefined> {
      const row = await db
        .deleteFrom("voice_notes")
        .$call(ownedBy("voice_notes", userId))
        .where("id", "=", id)
        .returning(["audio_key"])
        .executeTakeFirst();
      return row && { audioKey: row.audio_key };
    },

    /**
     * Queues the note for transcription again with a fresh attempt budget. A lease held by a
     * running worker is left alone; a stale "ERROR:" text is cleared so the note shows as
     * transcribing rather than failed.
     */
    requeue(userId: string, id: string): Promise<VoiceNoteRow | undefined> {
      return db
        .updateTable("voice_notes")
        .$call(ownedBy("voice_notes", userId))
        .where("id", "=", id)
        .set({
          is_transcribing: true,
          awaiting_engine: false,
          limit_wait_until: null,
          attempts: 0,
          transcription_error: null,
          next_attempt_at: sql<Date>`now()`,
          transcription: sql<string | null>`case when transcription like ${ERROR_TEXT_PATTERN} then null else transcription end`,
        })
        .returningAll()
        .executeTakeFirst();
    },
  };
}
export type VoiceNotesRepository = ReturnType<typeof voiceNotesRepository>;
