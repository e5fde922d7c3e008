import crypto from "node:crypto";
import {
  TRANSCRIPTION_ERROR_PREFIX,
  encodeNoteCursor,
  type CreateVoiceNoteFields,
  type ListVoiceNotesQuery,
  type NoteCursor,
  type UpdateVoiceNoteInput,
  type VoiceNote,
} from "@vj/core";
import type { VoiceNoteRow } from "../db/schema.js";
import { existsForAnyone } from "../repositories/scope.js";
import type { AccessKey } from "../repositories/assistant-access.js";
import type { SessionKey } from "../repositories/auth-sessions.js";
import { ApiError, notFound } from "../errors.js";
import { domainsRepository } from "../repositories/domains.js";
import { usersRepository } from "../repositories/users.js";
import { voiceNotesRepository, type NoteFields } from "../repositories/voice-notes.js";
import type { TempBlob } from "../storage/index.js";
import { extensionOf, formatOfKey, mimeTypeOf, type AudioFormat } from "../engines/audio/formats.js";
import { TRANSCRIPTION_JOB } from "../jobs/job-signals.js";
import { iso, type ServiceContext } from "./context.js";
import { requireDomain } from "./domains.js";
import { cachedPeriodRange } from "./period-ranges.js";

/**
 * The type a note's audio is served with: that of the container recognised at upload, which
 * the key's extension records. Rows stored before uploads were typed by their bytes may hold
 * the type the client declared.
 */
function audioTypeOf(row: Pick<VoiceNoteRow, "audio_key" | "audio_mime">): string | null {
  const format = row.audio_key ? formatOfKey(row.audio_key) : undefined;
  return format ? mimeTypeOf(format) : row.audio_mime;
}

export function toVoiceNote(row: NoteFields): VoiceNote {
  const text = row.transcription;
  const textIsError = text?.startsWith(TRANSCRIPTION_ERROR_PREFIX) ?? false;
  const isError = row.transcription_error !== null || textIsError;
  const error =
    row.transcription_error ?? (textIsError ? text!.slice(TRANSCRIPTION_ERROR_PREFIX.length).trim() || null : null);
  return {
    id: row.id,
    userId: row.user_id,
    domainId: row.domain_id,
    clientId: row.client_id,
    title: row.title,
    transcription: text,
    duration: row.duration,
    isTranscribed: row.is_transcribed,
    isTranscribing: row.is_transcribing,
    awaitingEngine: row.awaiting_engine,
    limitWaitUntil: row.limit_wait_until ? iso(row.limit_wait_until) : null,
    isError,
    error,
    hasTranscription: !isError && !!text && text.trim() !== "",
    hasAudio: row.audio_key !== null,
    audioMimeType: audioTypeOf(row),
    audioBytes: row.audio_bytes === null ? null : Number(row.audio_bytes),
    createdAt: iso(row.created_at),
  };
}

export interface UploadedAudio {
  temp: TempBlob;
  mimeType: string;
  format: AudioFormat;
  bytes: number;
}

/**
 * Stores an uploaded recording and queues it for transcription. A replay of a clientId the
 * user already used answers the stored note (`created: false`) and keeps nothing new.
 * The caller discards `audio.temp` afterwards in every case (a no-op once committed).
 */
export async function createVoiceNote(
  ctx: ServiceContext,
  userId: string,
  fields: CreateVoiceNoteFields,
  audio: UploadedAudio,
): Promise<{ note: VoiceNote; created: boolean }> {
  const notes = voiceNotesRepository(ctx.db);
  if (fields.clientId) {
    const existing = await notes.findByClientId(userId, fields.clientId);
    if (existing) return { note: toVoiceNote(existing), created: false };
  }

  const domainId = fields.domainId
    ? (await requireDomain(ctx, userId, fields.domainId)).id
    : (await domainsRepository(ctx.db).findDefault(userId))?.id;
  if (!domainId) {
    throw new ApiError("unprocessable", "Create a collection first: there is no collection to save this recording in");
  }

  // The zone whose days the account's transcription limit counts.
  if (fields.tz) await usersRepository(ctx.db).setTimeZone(userId, fields.tz);
  const key = `${userId}/${crypto.randomUUID()}.${extensionOf(audio.format)}`;
  await audio.temp.commit(key);
  let result;
  try {
    result = await notes.insertOnce({
      userId,
      domainId,
      clientId: fields.clientId ?? null,
      title: fields.title,
      duration: fields.duration,
      createdAt: fields.createdAt ? new Date(fields.createdAt) : new Date(),
      audioKey: key,
      audioMime: audio.mimeType,
      audioBytes: audio.bytes,
    });
  } catch (err) {
    await ctx.blobs.delete(key);
    throw err;
  }
  // A concurrent replay won the clientId: its note stands and this copy of the audio goes.
  if (!result.created) await ctx.blobs.delete(key);
  else ctx.wakeJobs?.(TRANSCRIPTION_JOB);
  return { note: toVoiceNote(result.row), created: result.created };
}

/**
 * One page of a period's notes, newest first, and the cursor of the next page (null on the last).
 * With `session` (a bearer session not looked up yet), the page is read only while that session
 * is live, and a page with notes proves it.
 */
export async function listVoiceNotes(
  ctx: ServiceContext,
  userId: string,
  q: ListVoiceNotesQuery,
  session?: SessionKey & { prove(): void },
): Promise<{ notes: VoiceNote[]; nextCursor: string | null }> {
  const { start, end } = cachedPeriodRange(q.period, q.periodKey, q.tz);
  return pageOfNotes(ctx, userId, { start, end, domainId: q.domainId, before: q.before, limit: q.limit }, session);
}

/** A note of an assistant's list, with its collection's name and slug (null if it has none). */
export type NoteWithCollection = VoiceNote & { collection: { name: string; slug: string } | null };

/**
 * One page of the notes made in [start, end), newest first (assistants ask by date range rather
 * than by period), each with its collection: the same page and cursor rules as the app's list, in
 * one statement. With `access` (an assistant credential not looked up yet), the page is read only
 * while that credential is live, and a page with notes proves it.
 */
export async function listNotesBetween(
  ctx: ServiceContext,
  userId: string,
  q: { start: Date; end: Date; domainId?: string | undefined; before?: NoteCursor | undefined; limit: number },
  access?: AccessKey & { prove(): void },
): Promise<{ notes: NoteWithCollection[]; nextCursor: string | null }> {
  const rows = await voiceNotesRepository(ctx.db).listPageWithCollection(userId, { ...q, liveAccess: access });
  if (rows.length > 0) access?.prove();
  if (q.domainId && rows.length === 0) await requireDomain(ctx, userId, q.domainId);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > q.limit && last ? encodeNoteCursor({ at: last.cursor_at, id: last.id }) : null;
  return {
    notes: page.map((r) => {
      const note = toVoiceNote(r) as NoteWithCollection;
      note.collection = r.domain_name !== null && r.domain_slug !== null ? { name: r.domain_name, slug: r.domain_slug } : null;
      return note;
    }),
    nextCursor,
  };
}

async function pageOfNotes(
  ctx: ServiceContext,
  userId: string,
  q: { start: Date; end: Date; domainId?: string | undefined; before?: NoteCursor | undefined; limit: number },
  session?: SessionKey & { prove(): void },
): Promise<{ notes: VoiceNote[]; nextCursor: string | null }> {
  const rows = await voiceNotesRepository(ctx.db).listPage(userId, {
    start: q.start,
    end: q.end,
    domainId: q.domainId,
    before: q.before,
    limit: q.limit,
    liveSession: session,
  });
  if (rows.length > 0) session?.prove();
  // Rows found are the user's own notes of that collection, which proves the collection is theirs;
  // only an empty page has to ask (another user's or a missing collection answers 404, not []).
  // One database round trip fewer on the hot path.
  if (q.domainId && rows.length === 0) await requireDomain(ctx, userId, q.domainId);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > q.limit && last ? encodeNoteCursor({ at: last.cursor_at, id: last.id }) : null;
  return { notes: page.map(toVoiceNote), nextCursor };
}

/** One of the person's notes; another person's (or a missing) id answers 404. */
export async function getVoiceNote(ctx: ServiceContext, userId: string, id: string): Promise<VoiceNote> {
  return toVoiceNote(await requireNote(ctx, userId, id));
}

async function requireNote(ctx: ServiceContext, userId: string, id: string): Promise<VoiceNoteRow> {
  const row = await voiceNotesRepository(ctx.db).find(userId, id);
  if (!row) throw notFound("Voice note");
  return row;
}

export async function updateVoiceNote(
  ctx: ServiceContext,
  userId: string,
  id: string,
  patch: UpdateVoiceNoteInput,
): Promise<VoiceNote> {
  if (patch.title === undefined && patch.transcription === undefined) return toVoiceNote(await requireNote(ctx, userId, id));
  if (patch.baseTitle !== undefined || patch.baseTranscription !== undefined) {
    const current = await requireNote(ctx, userId, id);
    // Changed elsewhere since the edit was made, to something other than this edit: refused with
    // the note as it is now, so the person chooses and neither version is lost.
    const stale = (field: "title" | "transcription", base: string | null | undefined, next: string | undefined) =>
      base !== undefined && next !== undefined && (current[field] ?? null) !== (base ?? null) && (current[field] ?? null) !== next;
    if (stale("title", patch.baseTitle, patch.title) || stale("transcription", patch.baseTranscription, patch.transcription)) {
      throw new ApiError("conflict", "Changed on another device", undefined, undefined, toVoiceNote(current));
    }
  }
  const row = await voiceNotesRepository(ctx.db).update(userId, id, { title: patch.title, transcription: patch.transcription });
  if (!row) throw notFound("Voice note");
  return toVoiceNote(row);
}

/**
 * Deletes the row, then its audio (a crash in between leaves an orphan file, never a row without
 * audio). The note is gone once the row is: a failing file delete is logged, not answered as a
 * 500 that would make the client retry into a 404.
 */
export async function deleteVoiceNote(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  const deleted = await voiceNotesRepository(ctx.db).delete(userId, id);
  if (!deleted) {
    // Already gone (a delete sent again after its answer was lost, or made on two devices):
    // done. Another user's note still answers 404.
    if (await existsForAnyone(ctx.db, "voice_notes", id)) throw notFound("Voice note");
    return;
  }
  if (!deleted.audioKey) return;
  try {
    await ctx.blobs.delete(deleted.audioKey);
  } catch (err) {
    ctx.logger.error({ err, userId, noteId: id, audioKey: deleted.audioKey }, "audio left behind after note deletion");
  }
}

export async function requeueTranscription(ctx: ServiceContext, userId: string, id: string): Promise<VoiceNote> {
  const row = await voiceNotesRepository(ctx.db).requeue(userId, id);
  if (!row) throw notFound("Voice note");
  ctx.wakeJobs?.(TRANSCRIPTION_JOB);
  return toVoiceNote(row);
}

/** The note's stored audio: its key, type and size; 404 when the note or its audio is missing. */
export async function findNoteAudio(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<{ key: string; mimeType: string; size: number }> {
  const row = await requireNote(ctx, userId, id);
  const size = row.audio_key ? await ctx.blobs.size(row.audio_key) : null;
  if (!row.audio_key || size === null) throw new ApiError("not_found", "This voice note has no stored audio");
  return { key: row.audio_key, mimeType: audioTypeOf(row) ?? "application/octet-stream", size };
}

export async function openNoteAudio(ctx: ServiceContext, key: string, range?: { start: number; end: number }) {
  const blob = await ctx.blobs.open(key, range);
  if (!blob) throw new ApiError("not_found", "This voice note has no stored audio");
  return blob.stream;
}
