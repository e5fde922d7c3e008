import { journalExportSchema, JOURNAL_EXPORT_FORMAT, JOURNAL_EXPORT_VERSION, type ImportResult, type JournalExport } from "@vj/core";
import crypto from "node:crypto";
import { pipeline } from "node:stream/promises";
import { extensionOf, formatOfKey } from "../engines/audio/formats.js";
import { ApiError } from "../errors.js";
import { portabilityRepository } from "../repositories/portability.js";
import { summariesRepository } from "../repositories/summaries.js";
import type { ServiceContext } from "../services/context.js";
import { openZip, type ZipEntries } from "./zip-reader.js";

const JOURNAL_MAX_BYTES = 256 * 1024 * 1024;
const bad = (reason: string) => new ApiError("bad_request", reason);

/**
 * Restores an export into the signed-in account (DESIGN §12): collections matched by name (else
 * created), summary types by name, notes by their import key (the outbox id they were recorded
 * under, else the exported id) so a second import of the same zip creates nothing, and summaries
 * by collection, period, type and creation instant. Transcripts, dates and durations are kept; no
 * note is transcribed again. Every row goes in one transaction; a recording is written to the
 * audio store before its row, and whatever was written is removed if the import fails.
 */
export async function importJournal(ctx: ServiceContext, userId: string, zipPath: string): Promise<ImportResult> {
  const zip = await openZip(zipPath, ctx.config.IMPORT_MAX_EXPANDED_BYTES);
  const written: string[] = [];
  try {
    const journal = await readJournal(zip);
    const result: ImportResult = {
      collections: { imported: 0, existing: 0 },
      notes: { imported: 0, existing: 0 },
      summaryTypes: { imported: 0, existing: 0 },
      summaries: { imported: 0, existing: 0 },
    };
    await ctx.db.transaction().execute(async (trx) => {
      const repo = portabilityRepository(trx);
      for (const c of journal.collections) {
        const collection = await repo.collectionByName(userId, { ...c, createdAt: new Date(c.createdAt) });
        count(result.collections, collection.created);
        const typeIds = new Map<string, string>();
        for (const t of c.summaryTypes) {
          const type = await repo.summaryTypeByName(userId, collection.id, { name: t.name, prompt: t.prompt, createdAt: new Date(t.createdAt) });
          typeIds.set(t.id, type.id);
          count(result.summaryTypes, type.created);
        }
        for (const n of c.notes) {
          const clientId = n.clientId ?? `import:${n.id}`;
          if (await repo.noteExists(userId, clientId)) {
            count(result.notes, false);
            continue;
          }
          let audio: { key: string; mime: string; bytes: number } | null = null;
          if (n.audio) {
            // The export names every recording with its container's extension.
            const format = formatOfKey(n.audio.file);
            if (!format) throw bad(`The recording ${n.audio.file} is not in an audio format this server keeps`);
            const key = `${userId}/${crypto.randomUUID()}.${extensionOf(format)}`;
            const bytes = await copyToStore(ctx, zip, n.audio.file, key);
            written.push(key);
            audio = { key, mime: n.audio.mimeType, bytes };
          }
          const inserted = await repo.insertNote({
            userId,
            domainId: collection.id,
            clientId,
            title: n.title,
            transcription: n.transcription,
            transcriptionError: n.transcriptionError,
            duration: n.duration,
            createdAt: new Date(n.createdAt),
            audio,
          });
          count(result.notes, inserted);
        }
        for (const s of c.summaries) {
          const summaryTypeId = s.summaryTypeId === null ? null : (typeIds.get(s.summaryTypeId) ?? null);
          if (s.summaryTypeId !== null && summaryTypeId === null) throw bad(`A summary names a summary type (${s.summaryTypeId}) that the export does not hold`);
          const createdAt = new Date(s.createdAt);
          if (await repo.summaryExists(userId, { domainId: collection.id, summaryTypeId, period: s.period, periodKey: s.periodKey, createdAt })) {
            count(result.summaries, false);
            continue;
          }
          await summariesRepository(trx).insert({ ...s, userId, domainId: collection.id, summaryTypeId, createdAt });
          count(result.summaries, true);
        }
      }
    });
    return result;
  } catch (err) {
    await Promise.all(written.map((key) => ctx.blobs.delete(key).catch((e: unknown) => ctx.logger.error({ err: e, key }, "imported audio left behind"))));
    throw err;
  } finally {
    zip.close();
  }
}

function count(c: { imported: number; existing: number }, created: boolean) {
  if (created) c.imported++;
  else c.existing++;
}

async function readJournal(zip: ZipEntries): Promise<JournalExport> {
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
  for (const c of parsed.data.collections) {
    for (const n of c.notes) if (n.audio && !zip.names.has(n.audio.file)) throw bad(`The zip lacks the recording ${n.audio.file} that journal.json lists`);
  }
  return parsed.data;
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
