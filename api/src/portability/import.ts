import { journalExportSchema, JOURNAL_EXPORT_FORMAT, JOURNAL_EXPORT_VERSION, type ImportResult, type JournalExport } from "@vj/core";
import crypto from "node:crypto";
import { pipeline } from "node:stream/promises";
import { AUDIO_HEAD_BYTES, extensionOf, mimeTypeOf, sniffAudioFormat, type AudioFormat } from "../engines/audio/formats.js";
import { ApiError } from "../errors.js";
import { importLocksRepository } from "../repositories/import-locks.js";
import { portabilityRepository } from "../repositories/portability.js";
import { summariesRepository } from "../repositories/summaries.js";
import type { ServiceContext } from "../services/context.js";
import { findText, TEXT_PROBLEM_MESSAGES, textProblem } from "../storable-text.js";
import { openZip, type ZipEntries } from "./zip-reader.js";

const JOURNAL_MAX_BYTES = 256 * 1024 * 1024;
/** Notes written per transaction: a journal of any size holds no transaction (nor its locks) for long. */
export const IMPORT_NOTES_PER_BATCH = 500;
/** An import whose process stopped touching its lock this long ago was killed: the next one takes over. */
const LOCK_STALE_SECONDS = 600;
export const IMPORT_RUNNING = "an import of this journal is already running";
const bad = (reason: string) => new ApiError("bad_request", reason);

type Journal = JournalExport & { formats: Map<string, AudioFormat> };

/**
 * Restores an export into the signed-in account (DESIGN §12): collections matched by name (else
 * created), summary types by name, notes by their import key (the outbox id they were recorded
 * under, else the exported id) so a second import of the same zip creates nothing, and summaries
 * by collection, period, type and creation instant. Transcripts, dates and durations are kept; no
 * note is transcribed again.
 *
 * Everything that can be checked is checked before a row is written (the file's shape, text the
 * database cannot store, every recording's format by its first bytes). Then notes go in by
 * batches of IMPORT_NOTES_PER_BATCH, one transaction each (the collections with the first, the
 * summaries with the last): a recording is written to the audio store before its row, and a
 * failed batch's recordings are removed again. A failure after some batches keeps them and says
 * so; importing the same file again goes on where it stopped (their import keys are there).
 * One import runs per account at a time (a row in import_locks, across processes): another
 * answers 409.
 */
export async function importJournal(ctx: ServiceContext, userId: string, zipPath: string, batchSize = IMPORT_NOTES_PER_BATCH): Promise<ImportResult> {
  const zip = await openZip(zipPath, ctx.config.IMPORT_MAX_EXPANDED_BYTES);
  try {
    const journal = await readJournal(zip);
    const locks = importLocksRepository(ctx.db);
    const holder = crypto.randomUUID();
    if (!(await locks.acquire(userId, holder, LOCK_STALE_SECONDS))) throw new ApiError("conflict", IMPORT_RUNNING);
    try {
      return await restore(ctx, userId, zip, journal, batchSize, () => locks.heartbeat(userId, holder));
    } finally {
      await locks.release(userId, holder).catch((err: unknown) => ctx.logger.error({ err, userId }, "import lock left held"));
    }
  } finally {
    zip.close();
  }
}

async function restore(ctx: ServiceContext, userId: string, zip: ZipEntries, journal: Journal, batchSize: number, heartbeat: () => Promise<void>): Promise<ImportResult> {
  const result: ImportResult = {
    collections: { imported: 0, existing: 0 },
    notes: { imported: 0, existing: 0 },
    summaryTypes: { imported: 0, existing: 0 },
    summaries: { imported: 0, existing: 0 },
  };
  const notes = journal.collections.flatMap((c, index) => c.notes.map((n) => ({ n, index })));
  const batches = Math.max(1, Math.ceil(notes.length / batchSize));
  // Each collection's id here, and its summary types' (the file's id -> this account's).
  const placed: { id: string; typeIds: Map<string, string> }[] = [];
  let done = 0;
  for (let b = 0; b < batches; b++) {
    const slice = notes.slice(b * batchSize, (b + 1) * batchSize);
    const counts = structuredClone(result);
    const written: string[] = [];
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const repo = portabilityRepository(trx);
        if (b === 0) {
          for (const c of journal.collections) {
            const collection = await repo.collectionByName(userId, { ...c, createdAt: new Date(c.createdAt) });
            count(counts.collections, collection.created);
            const typeIds = new Map<string, string>();
            for (const t of c.summaryTypes) {
              const type = await repo.summaryTypeByName(userId, collection.id, { name: t.name, prompt: t.prompt, createdAt: new Date(t.createdAt) });
              typeIds.set(t.id, type.id);
              count(counts.summaryTypes, type.created);
            }
            placed.push({ id: collection.id, typeIds });
          }
        }
        for (const { n, index } of slice) {
          const clientId = n.clientId ?? `import:${n.id}`;
          if (await repo.noteExists(userId, clientId)) {
            count(counts.notes, false);
            continue;
          }
          let audio: { key: string; mime: string; bytes: number } | null = null;
          if (n.audio) {
            const format = journal.formats.get(n.audio.file)!;
            const key = `${userId}/${crypto.randomUUID()}.${extensionOf(format)}`;
            const bytes = await copyToStore(ctx, zip, n.audio.file, key);
            written.push(key);
            audio = { key, mime: mimeTypeOf(format), bytes };
          }
          const inserted = await repo.insertNote({
            userId,
            domainId: placed[index]!.id,
            clientId,
            title: n.title,
            transcription: n.transcription,
            transcriptionError: n.transcriptionError,
            duration: n.duration,
            createdAt: new Date(n.createdAt),
            audio,
          });
          count(counts.notes, inserted);
        }
        if (b === batches - 1) {
          for (const [index, c] of journal.collections.entries()) {
            for (const s of c.summaries) {
              const summaryTypeId = s.summaryTypeId === null ? null : placed[index]!.typeIds.get(s.summaryTypeId)!;
              const createdAt = new Date(s.createdAt);
              const domainId = placed[index]!.id;
              if (await repo.summaryExists(userId, { domainId, summaryTypeId, period: s.period, periodKey: s.periodKey, createdAt })) {
                count(counts.summaries, false);
                continue;
              }
              await summariesRepository(trx).insert({ ...s, userId, domainId, summaryTypeId, createdAt });
              count(counts.summaries, true);
            }
          }
        }
      });
    } catch (err) {
      if (b === 0) placed.length = 0;
      await Promise.all(written.map((key) => ctx.blobs.delete(key).catch((e: unknown) => ctx.logger.error({ err: e, key }, "imported audio left behind"))));
      if (done === 0) throw err;
      // What the committed batches wrote stays: the same file imported again goes on from here.
      if (!(err instanceof ApiError)) ctx.logger.error({ err, userId }, "import stopped");
      const reason = err instanceof ApiError ? err.message : "the server could not store it";
      throw new ApiError(err instanceof ApiError ? err.code : "internal", `The import stopped after ${done} of ${notes.length} notes (${reason}): import the same file again to continue`);
    }
    Object.assign(result, counts);
    done += slice.length;
    await heartbeat();
  }
  return result;
}

function count(c: { imported: number; existing: number }, created: boolean) {
  if (created) c.imported++;
  else c.existing++;
}

async function readJournal(zip: ZipEntries): Promise<Journal> {
  const entry = zip.names.get("journal.json");
  if (!entry) throw bad("The zip has no journal.json: it is not a Voice Journal export");
  if (entry.uncompressedSize > JOURNAL_MAX_BYTES) throw bad("journal.json is larger than an import reads (256 MB)");
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.open("journal.json")) chunks.push(chunk as Buffer);
  let data: unknown;
  try {
    data = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch (err) {
    throw bad(`journal.json is not valid JSON (${(err as Error).message})`);
  }
  const head = data as { format?: unknown; version?: unknown };
  if (head?.format !== JOURNAL_EXPORT_FORMAT) throw bad("journal.json is not a Voice Journal export");
  if (head.version !== JOURNAL_EXPORT_VERSION) {
    throw bad(`journal.json is version ${JSON.stringify(head.version)}; this server reads version ${JOURNAL_EXPORT_VERSION}`);
  }
  const parsed = journalExportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw bad(`journal.json does not match version ${JOURNAL_EXPORT_VERSION}: ${issue.path.join(".")}: ${issue.message}`);
  }
  const journal = parsed.data;
  const formats = new Map<string, AudioFormat>();
  for (const c of journal.collections) {
    const { notes, summaryTypes, summaries, ...collection } = c;
    storable(collection, `Collection ${c.id}`);
    const typeIds = new Set<string>();
    for (const t of summaryTypes) {
      storable(t, `Summary type ${t.id} in collection ${c.id}`);
      typeIds.add(t.id);
    }
    for (const s of summaries) {
      storable(s, `Summary ${s.id} in collection ${c.id}`);
      if (s.summaryTypeId !== null && !typeIds.has(s.summaryTypeId)) throw bad(`A summary names a summary type (${s.summaryTypeId}) that the export does not hold`);
    }
    for (const n of notes) {
      storable(n, `Note ${n.id} in collection ${c.id}`);
      if (!n.audio || formats.has(n.audio.file)) continue;
      if (!zip.names.has(n.audio.file)) throw bad(`The zip lacks the recording ${n.audio.file} that journal.json lists`);
      formats.set(n.audio.file, await audioFormat(zip, n.audio.file));
    }
  }
  return { ...journal, formats };
}

/** Refuses, naming the entry, text the database cannot store as it is (NUL, unpaired surrogates). */
function storable(value: object, entry: string) {
  let problem: ReturnType<typeof textProblem> = null;
  const at = findText(value, (text) => (problem = textProblem(text)) !== null);
  if (at !== null && problem) throw bad(`${entry}: ${at} ${TEXT_PROBLEM_MESSAGES[problem]}`);
}

/**
 * A recording's format, read from its first bytes: a file that is not audio (whatever its name)
 * is refused with its name before anything is written, not stored as a recording.
 */
async function audioFormat(zip: ZipEntries, file: string): Promise<AudioFormat> {
  const source = await zip.open(file);
  let head = Buffer.alloc(0);
  try {
    for await (const chunk of source) {
      head = Buffer.concat([head, chunk as Buffer]);
      if (head.length >= AUDIO_HEAD_BYTES) break;
    }
  } catch (err) {
    throw err instanceof ApiError ? err : bad(`The recording ${file} could not be read from the zip (${(err as Error).message})`);
  } finally {
    source.destroy();
  }
  const format = sniffAudioFormat(head.subarray(0, AUDIO_HEAD_BYTES));
  if (!format) throw bad(`The recording ${file} is not in an audio format this server keeps`);
  return format;
}

/** One recording from the zip into the audio store under `key`; its size in bytes. */
async function copyToStore(ctx: ServiceContext, zip: ZipEntries, file: string, key: string): Promise<number> {
  const temp = ctx.blobs.createTemp();
  let bytes = 0;
  try {
    const source = await zip.open(file);
    source.on("data", (chunk: Buffer) => (bytes += chunk.length));
    await pipeline(source, temp.stream);
    await temp.finished();
    await temp.commit(key);
    return bytes;
  } catch (err) {
    await temp.discard();
    throw err instanceof ApiError ? err : bad(`The recording ${file} could not be read from the zip (${(err as Error).message})`);
  }
}
