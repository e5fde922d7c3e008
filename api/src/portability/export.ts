import {
  JOURNAL_EXPORT_FORMAT,
  JOURNAL_EXPORT_VERSION,
  TRANSCRIPTION_ERROR_PREFIX,
  type ExportedCollection,
} from "@vj/core";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { DomainRow } from "../db/schema.js";
import { extensionForMimeType, extensionOf, formatOfKey } from "../engines/audio/formats.js";
import { notFound } from "../errors.js";
import { portabilityRepository, type ExportCursor, type ExportedNoteRow } from "../repositories/portability.js";
import { iso, type ServiceContext } from "../services/context.js";
import { fileSlug, markdownFile } from "./markdown.js";
import { ZipWriter } from "./zip-writer.js";

/**
 * Notes read from the database at a time: memory holds one page's text, whatever the journal's
 * size. A page is what is still alive when the young generation is collected, so a small one
 * (~100 KB of text) is copied there less, and its rows die young instead of growing the heap.
 */
const NOTES_PAGE = 100;

/**
 * The download is made of pieces at least this long (but the last). Most entries are a few
 * hundred bytes, and every piece handed to the response costs a promise, a copy and a write of its
 * own downstream (the web stream's reader keeps a chain of one promise per piece read until the
 * body ends): 100,000 notes as 200,000 pieces held tens of MB until the download finished.
 */
const DOWNLOAD_PIECE = 64 * 1024;

/** Where an export's journal.json and central directory wait while its zip streams: under DATA_DIR, swept after a crash like an import's upload. */
export const exportTempDir = (dataDir: string) => path.join(dataDir, "exports");

/**
 * The journal as one zip (DESIGN §12), streamed: `journal.json` (the data, versioned), a Markdown
 * file per note and per summary, and every recording's original bytes under `audio/`. The zip is
 * one generator read by the response: each entry is made when the reader asks for more bytes, so
 * the export goes only as fast as the download and holds one entry at a time. Notes are read a
 * page at a time (keyset on created_at, id); each Markdown file is made when its turn comes, each
 * recording opened only then. Of every entry only its central directory record is kept (about
 * 100 bytes, see ZipWriter), in a temporary file. `journal.json` is deflated into another page by
 * page meanwhile and goes last, as its content is known only then (zip readers find entries by
 * the central directory). Recordings are stored, not deflated: they are compressed already. An
 * error part way (a recording missing from the store, the database gone) ends the download as
 * failed, and the temporary files are removed whichever way the export ends.
 */
export async function exportJournal(ctx: ServiceContext, userId: string, domainId?: string): Promise<Readable> {
  const repo = portabilityRepository(ctx.db);
  const collections = await repo.collections(userId, domainId);
  if (domainId !== undefined && collections.length === 0) throw notFound("Collection");
  return Readable.from(inPiecesOf(DOWNLOAD_PIECE, journalZip(ctx, repo, userId, collections)), { objectMode: false });
}

/**
 * The bytes of `source` in pieces of `size` (the last may be shorter): small chunks are copied
 * together, a chunk as long as a piece (a recording's) goes on as it is after what was gathered.
 */
async function* inPiecesOf(size: number, source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let piece = Buffer.allocUnsafe(size);
  let used = 0;
  for await (const chunk of source) {
    if (chunk.length >= size) {
      if (used > 0) {
        yield piece.subarray(0, used);
        piece = Buffer.allocUnsafe(size);
        used = 0;
      }
      yield chunk;
      continue;
    }
    let at = 0;
    while (at < chunk.length) {
      const n = chunk.copy(piece, used, at, Math.min(chunk.length, at + size - used));
      used += n;
      at += n;
      if (used === size) {
        yield piece;
        piece = Buffer.allocUnsafe(size);
        used = 0;
      }
    }
  }
  if (used > 0) yield piece.subarray(0, used);
}

async function* journalZip(ctx: ServiceContext, repo: ReturnType<typeof portabilityRepository>, userId: string, collections: DomainRow[]): AsyncGenerator<Buffer> {
  const dir = exportTempDir(ctx.config.DATA_DIR);
  await fs.mkdir(dir, { recursive: true });
  const id = randomUUID();
  const jsonPath = path.join(dir, `${id}.json`);
  // The zip's central directory waits beside it, not in memory.
  const directoryPath = path.join(dir, `${id}.directory`);
  const zip = new ZipWriter({ directoryFile: directoryPath });
  // Deflated as it is written: the zip takes the file as it is at the end (a quarter of the text,
  // read once), and its CRC and length are counted here.
  const json = zlib.createDeflateRaw();
  const file = createWriteStream(jsonPath);
  const written = pipeline(json, file);
  written.catch(() => undefined);
  const original = { crc: 0, size: 0 };
  const write = async (text: string) => {
    const bytes = Buffer.from(text);
    original.crc = zlib.crc32(bytes, original.crc);
    original.size += bytes.length;
    if (!json.write(bytes)) await Promise.race([once(json, "drain"), written]);
  };
  try {
    const header = { format: JOURNAL_EXPORT_FORMAT, version: JOURNAL_EXPORT_VERSION, exportedAt: new Date().toISOString() };
    await write(`${JSON.stringify(header).slice(0, -1)},"collections":[`);
    const usedFolders = new Set<string>();
    for (const [index, c] of collections.entries()) {
      let folder = fileSlug(c.name, c.slug);
      if (usedFolders.has(folder)) folder = `${folder}-${c.id.slice(0, 8)}`;
      usedFolders.add(folder);
      const types = await repo.summaryTypes(userId, c.id);
      const head: Omit<ExportedCollection, "notes" | "summaries"> = {
        id: c.id,
        name: c.name,
        slug: c.slug,
        description: c.description,
        primaryColor: c.primary_color,
        isDefault: c.is_default,
        createdAt: iso(c.created_at),
        summaryTypes: types.map((t) => ({ id: t.id, name: t.name, prompt: t.prompt, createdAt: iso(t.created_at) })),
      };
      await write(`${index > 0 ? "," : ""}\n${JSON.stringify(head).slice(0, -1)},"notes":[`);
      const names = noteNamer(folder);
      let first = true;
      let after: ExportCursor | null = null;
      for (;;) {
        const page = await repo.notesPage(userId, c.id, after, NOTES_PAGE);
        // The page's notes go to journal.json in one write (one deflate step, not one a note).
        let notes = "";
        for (const n of page) {
          const { note, markdown } = exportedNote(n, c.name, names(n));
          notes += `${first ? "" : ","}\n${JSON.stringify(note)}`;
          first = false;
          yield* zip.file(note.markdown, Buffer.from(markdown), { mtime: n.created_at, compress: true });
          if (note.audio) yield* zip.stream(note.audio.file, recording(ctx, n.audio_key!), { mtime: n.created_at, compress: false });
        }
        await write(notes);
        if (page.length < NOTES_PAGE) break;
        const last = page[page.length - 1]!;
        after = { at: last.cursor_at, id: last.id };
      }
      const summaries = await repo.summaries(userId, c.id);
      const exported: ExportedCollection["summaries"] = [];
      const usedSummaryNames = new Set<string>();
      for (const s of summaries) {
        const name = s.summary_type_name ?? "General Summary";
        const markdown = uniqueIn(usedSummaryNames, `summaries/${folder}/${s.period}-${s.period_key}-${fileSlug(name, "summary")}.md`);
        exported.push({
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
        const text = markdownFile({ title: name, period: s.period, period_key: s.period_key, collection: c.name, themes: s.themes, created: iso(s.created_at) }, s.content);
        yield* zip.file(markdown, Buffer.from(text), { mtime: s.created_at, compress: true });
      }
      await write(`],"summaries":${JSON.stringify(exported)}}`);
    }
    await write("]}\n");
    json.end();
    await written;
    yield* zip.deflated("journal.json", createReadStream(jsonPath), original, { mtime: new Date() });
    yield* zip.end();
  } finally {
    json.destroy();
    file.destroy();
    await zip.close().catch(() => undefined);
    await fs.rm(jsonPath, { force: true }).catch(() => undefined);
    await fs.rm(directoryPath, { force: true }).catch(() => undefined);
  }
}

/** `name`, or `name` with -2, -3… before its extension when that name is taken in `used`. */
function uniqueIn(used: Set<string>, name: string): string {
  let candidate = name;
  for (let i = 2; used.has(candidate); i++) candidate = name.replace(/(\.[a-z0-9]+)$/, `-${i}$1`);
  used.add(candidate);
  return candidate;
}

/**
 * The file names of a collection's notes, given oldest first: `day-title.md` (and the recording's
 * `day-title.ext`), with -2, -3… for a second note of that title that day. Names can only meet
 * within one day, and a day's notes come together, so only the current day's names are kept.
 */
function noteNamer(folder: string) {
  let day = "";
  let used = new Set<string>();
  return (n: ExportedNoteRow) => {
    const d = iso(n.created_at).slice(0, 10);
    if (d !== day) {
      day = d;
      used = new Set();
    }
    const base = `${d}-${fileSlug(n.title, "note")}`;
    return {
      markdown: uniqueIn(used, `notes/${folder}/${base}.md`),
      audio: n.audio_key ? uniqueIn(used, `audio/${folder}/${base}.${audioExtension(n)}`) : null,
    };
  };
}

function exportedNote(n: ExportedNoteRow, collection: string, names: { markdown: string; audio: string | null }) {
  const error = transcriptionErrorOf(n);
  const text = error === null ? n.transcription : null;
  const { audio } = names;
  const note: ExportedCollection["notes"][number] = {
    id: n.id,
    clientId: n.client_id,
    title: n.title,
    transcription: text,
    transcriptionError: error,
    createdAt: iso(n.created_at),
    duration: n.duration,
    audio: audio ? { file: audio, mimeType: n.audio_mime ?? "application/octet-stream", bytes: Number(n.audio_bytes ?? 0) } : null,
    markdown: names.markdown,
  };
  const markdown = markdownFile(
    { title: n.title, date: iso(n.created_at), duration: n.duration, collection, ...(audio ? { audio } : {}), ...(error ? { transcription_error: error } : {}) },
    text ?? (error ? `_Not transcribed: ${error}_` : "_No transcript_"),
  );
  return { note, markdown };
}

function transcriptionErrorOf(n: ExportedNoteRow): string | null {
  if (n.transcription_error) return n.transcription_error;
  if (n.transcription?.startsWith(TRANSCRIPTION_ERROR_PREFIX)) return n.transcription.slice(TRANSCRIPTION_ERROR_PREFIX.length).trim() || "Transcription failed";
  return null;
}

function audioExtension(n: ExportedNoteRow): string {
  const format = n.audio_key ? formatOfKey(n.audio_key) : undefined;
  return (format ? extensionOf(format) : extensionForMimeType(n.audio_mime ?? "")) ?.replace(/^\./, "") ?? "bin";
}

/** A recording's bytes, read as the zip takes them. */
async function* recording(ctx: ServiceContext, key: string): AsyncGenerator<Buffer> {
  const blob = await ctx.blobs.open(key);
  if (!blob) throw new Error(`The recording ${key} is missing from the audio store`);
  for await (const chunk of blob.stream) yield chunk as Buffer;
}
