import {
  JOURNAL_EXPORT_FORMAT,
  JOURNAL_EXPORT_VERSION,
  TRANSCRIPTION_ERROR_PREFIX,
  type ExportedCollection,
} from "@vj/core";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import yazl from "yazl";
import type { VoiceNoteRow } from "../db/schema.js";
import { extensionForMimeType, extensionOf, formatOfKey } from "../engines/audio/formats.js";
import { notFound } from "../errors.js";
import { portabilityRepository } from "../repositories/portability.js";
import { iso, type ServiceContext } from "../services/context.js";
import { fileSlug, markdownFile } from "./markdown.js";

/** Notes read from the database at a time: memory holds one page's text, whatever the journal's size. */
const NOTES_PAGE = 500;

/**
 * The journal as one zip (DESIGN §12), streamed: `journal.json` (the data, versioned), a Markdown
 * file per note and per summary, and every recording's original bytes under `audio/`. yazl writes
 * entries one after another as the response is read. Notes are read a page at a time (keyset on
 * created_at, id), and the next page only once the zip has reached the last note of this one; each
 * Markdown file is made when its turn comes and let go once written, each recording opened only
 * then. `journal.json` is written to a temporary file page by page meanwhile and goes last, as
 * its content is known only then (zip readers find entries by the central directory). Recordings
 * are stored, not deflated: they are compressed already.
 */
export async function exportJournal(ctx: ServiceContext, userId: string, domainId?: string): Promise<Readable> {
  const repo = portabilityRepository(ctx.db);
  const collections = await repo.collections(userId, domainId);
  if (domainId !== undefined && collections.length === 0) throw notFound("Collection");

  const zip = new yazl.ZipFile();
  const output = zip.outputStream as unknown as Readable;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "vj-export-"));
  const jsonPath = path.join(dir, "journal.json");
  const json = createWriteStream(jsonPath);
  const write = async (text: string) => {
    if (!json.write(text)) await once(json, "drain");
  };
  const removeTemp = () => void fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  output.once("close", removeTemp);
  output.once("end", removeTemp);

  const fill = async () => {
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
      let after: { createdAt: Date; id: string } | null = null;
      for (;;) {
        const page = await repo.notesPage(userId, c.id, after, NOTES_PAGE);
        if (page.length === 0) break;
        let reachedLast = () => {};
        const reached = new Promise<void>((resolve) => (reachedLast = resolve));
        for (const [i, n] of page.entries()) {
          const { note, markdown } = exportedNote(n, c.name, names(n));
          await write(`${first ? "" : ","}\n${JSON.stringify(note)}`);
          first = false;
          addMarkdown(zip, note.markdown, markdown, n.created_at, i === page.length - 1 ? reachedLast : null);
          if (note.audio) addAudio(zip, ctx, n.audio_key!, note.audio.file, n.created_at);
        }
        const last = page[page.length - 1]!;
        if (page.length < NOTES_PAGE) break;
        after = { createdAt: last.created_at, id: last.id };
        // The next page is read once the zip has come to this one's last note.
        await reached;
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
        zip.addBuffer(
          Buffer.from(markdownFile({ title: name, period: s.period, period_key: s.period_key, collection: c.name, themes: s.themes, created: iso(s.created_at) }, s.content)),
          markdown,
          { mtime: s.created_at },
        );
      }
      await write(`],"summaries":${JSON.stringify(exported)}}`);
    }
    await write("]}\n");
    json.end();
    await once(json, "finish");
    zip.addReadStreamLazy("journal.json", (cb) => cb(null, createReadStream(jsonPath)));
    zip.end();
  };
  void fill().catch((err: unknown) => {
    json.destroy();
    removeTemp();
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return output;
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
  return (n: VoiceNoteRow) => {
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

function exportedNote(n: VoiceNoteRow, collection: string, names: { markdown: string; audio: string | null }) {
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

/**
 * A note's Markdown file, made into bytes when the zip comes to it and let go once written (the
 * zip keeps each entry's function to the end, so it must not keep the text). `reached` is told
 * when the zip has come to it.
 */
function addMarkdown(zip: yazl.ZipFile, name: string, markdown: string, mtime: Date, reached: (() => void) | null): void {
  let text: string | null = markdown;
  zip.addReadStreamLazy(name, { mtime }, (cb) => {
    const bytes = Buffer.from(text ?? "");
    text = null;
    reached?.();
    cb(null, Readable.from([bytes]));
  });
}

function addAudio(zip: yazl.ZipFile, ctx: ServiceContext, key: string, name: string, mtime: Date): void {
  zip.addReadStreamLazy(name, { mtime, compress: false }, (cb) => cb(null, lazyBlob(ctx, key)));
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
