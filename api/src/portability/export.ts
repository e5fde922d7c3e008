import {
  JOURNAL_EXPORT_FORMAT,
  JOURNAL_EXPORT_VERSION,
  TRANSCRIPTION_ERROR_PREFIX,
  type ExportedCollection,
  type JournalExport,
} from "@vj/core";
import { Readable } from "node:stream";
import yazl from "yazl";
import type { VoiceNoteRow } from "../db/schema.js";
import { extensionForMimeType, extensionOf, formatOfKey } from "../engines/audio/formats.js";
import { notFound } from "../errors.js";
import { portabilityRepository } from "../repositories/portability.js";
import { iso, type ServiceContext } from "../services/context.js";
import { fileSlug, markdownFile } from "./markdown.js";

/**
 * The journal as one zip (DESIGN §12), streamed: `journal.json` (the data, versioned), a Markdown
 * file per note and per summary, and every recording's original bytes under `audio/`. yazl writes
 * entries one after another as the response is read; each recording is opened only when its turn
 * comes, so memory holds one chunk of audio at a time whatever the journal's size (the rows' text
 * is read per collection). Recordings are stored, not deflated: they are compressed already.
 */
export async function exportJournal(ctx: ServiceContext, userId: string, domainId?: string): Promise<Readable> {
  const repo = portabilityRepository(ctx.db);
  const collections = await repo.collections(userId, domainId);
  if (domainId !== undefined && collections.length === 0) throw notFound("Collection");

  const zip = new yazl.ZipFile();
  const files = new Set<string>();
  const unique = (path: string) => {
    let candidate = path;
    for (let i = 2; files.has(candidate); i++) candidate = path.replace(/(\.[a-z0-9]+)$/, `-${i}$1`);
    files.add(candidate);
    return candidate;
  };
  const data: JournalExport = { format: JOURNAL_EXPORT_FORMAT, version: JOURNAL_EXPORT_VERSION, exportedAt: new Date().toISOString(), collections: [] };
  const usedFolders = new Set<string>();

  for (const c of collections) {
    let folder = fileSlug(c.name, c.slug);
    if (usedFolders.has(folder)) folder = `${folder}-${c.id.slice(0, 8)}`;
    usedFolders.add(folder);
    const types = await repo.summaryTypes(userId, c.id);
    const notes = await repo.notes(userId, c.id);
    const summaries = await repo.summaries(userId, c.id);
    const entry: ExportedCollection = {
      id: c.id,
      name: c.name,
      slug: c.slug,
      description: c.description,
      primaryColor: c.primary_color,
      isDefault: c.is_default,
      createdAt: iso(c.created_at),
      summaryTypes: types.map((t) => ({ id: t.id, name: t.name, prompt: t.prompt, createdAt: iso(t.created_at) })),
      notes: [],
      summaries: [],
    };
    for (const n of notes) {
      const day = iso(n.created_at).slice(0, 10);
      const markdown = unique(`notes/${folder}/${day}-${fileSlug(n.title, "note")}.md`);
      const error = transcriptionErrorOf(n);
      const text = error === null ? n.transcription : null;
      const audio = n.audio_key ? unique(`audio/${folder}/${day}-${fileSlug(n.title, "note")}.${audioExtension(n)}`) : null;
      entry.notes.push({
        id: n.id,
        clientId: n.client_id,
        title: n.title,
        transcription: text,
        transcriptionError: error,
        createdAt: iso(n.created_at),
        duration: n.duration,
        audio: audio ? { file: audio, mimeType: n.audio_mime ?? "application/octet-stream", bytes: Number(n.audio_bytes ?? 0) } : null,
        markdown,
      });
      zip.addBuffer(
        Buffer.from(
          markdownFile(
            { title: n.title, date: iso(n.created_at), duration: n.duration, collection: c.name, ...(audio ? { audio } : {}), ...(error ? { transcription_error: error } : {}) },
            text ?? (error ? `_Not transcribed: ${error}_` : "_No transcript_"),
          ),
        ),
        markdown,
        { mtime: n.created_at },
      );
      if (audio) zip.addReadStream(lazyBlob(ctx, n.audio_key!), audio, { mtime: n.created_at, compress: false });
    }
    for (const s of summaries) {
      const name = s.summary_type_name ?? "General Summary";
      const markdown = unique(`summaries/${folder}/${s.period}-${s.period_key}-${fileSlug(name, "summary")}.md`);
      entry.summaries.push({
        id: s.id,
        summaryTypeId: s.summary_type_id,
        period: s.period as ExportedCollection["summaries"][number]["period"],
        periodKey: s.period_key,
        prompt: s.prompt,
        responseLength: s.response_length,
        content: s.content,
        themes: s.themes,
        totalVoiceNotes: s.total_voice_notes,
        totalDuration: s.total_duration,
        wordsTranscribed: s.words_transcribed,
        engine: s.engine,
        createdAt: iso(s.created_at),
        markdown,
      });
      zip.addBuffer(
        Buffer.from(markdownFile({ title: name, period: s.period, period_key: s.period_key, collection: c.name, themes: s.themes, created: iso(s.created_at) }, s.content)),
        markdown,
        { mtime: s.created_at },
      );
    }
    data.collections.push(entry);
  }
  // Last in the zip, as its content is known only now; zip readers find entries by the central directory.
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), "journal.json");
  zip.end();
  return zip.outputStream as unknown as Readable;
}

function transcriptionErrorOf(n: VoiceNoteRow): string | null {
  if (n.transcription_error) return n.transcription_error;
  if (n.transcription?.startsWith(TRANSCRIPTION_ERROR_PREFIX)) return n.transcription.slice(TRANSCRIPTION_ERROR_PREFIX.length).trim() || "Transcription failed";
  return null;
}

function audioExtension(n: VoiceNoteRow): string {
  const format = n.audio_key ? formatOfKey(n.audio_key) : undefined;
  return (format ? extensionOf(format) : extensionForMimeType(n.audio_mime ?? "")) ?.replace(/^\./, "") ?? "bin";
}

/** A recording's bytes, opened only when the zip reaches its entry (a generator starts on first read). */
function lazyBlob(ctx: ServiceContext, key: string): Readable {
  return Readable.from(
    (async function* () {
      const blob = await ctx.blobs.open(key);
      if (!blob) throw new Error(`The recording ${key} is missing from the audio store`);
      for await (const chunk of blob.stream) yield chunk as Buffer;
    })(),
    { objectMode: false },
  );
}
