import { z } from "zod";
import { periodSchema } from "../common.js";
import { JOURNAL_EXPORT_FORMAT, JOURNAL_EXPORT_VERSION } from "../../constants.js";

/**
 * `journal.json` at the root of an export (DESIGN §12): the whole journal as data, version 1.
 * Markdown files beside it are for people (Obsidian); this file is what an import reads.
 * Ids are the exporting server's, used only to link rows inside the file and as a note's
 * import key; audio paths name entries of the same zip.
 */
const exportedNoteSchema = z.object({
  id: z.string().max(100),
  /** The outbox id it was recorded under, if any: the import key with `id`. */
  clientId: z.string().max(200).nullable(),
  title: z.string().max(200),
  transcription: z.string().nullable(),
  /** Why transcription failed, when it did. */
  transcriptionError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Seconds. */
  duration: z.number().int().min(0),
  /** The original recording: its entry in this zip, type and size. */
  audio: z.object({ file: z.string().max(300), mimeType: z.string().max(100), bytes: z.number().int().min(0) }).nullable(),
  /** The note as Markdown, for people. */
  markdown: z.string().max(300),
});

const exportedSummaryTypeSchema = z.object({
  id: z.string().max(100),
  name: z.string().max(100),
  prompt: z.string().max(4000),
  createdAt: z.iso.datetime({ offset: true }),
});

const exportedSummarySchema = z.object({
  id: z.string().max(100),
  /** A summary type's `id` in this file; null for the general summary. */
  summaryTypeId: z.string().max(100).nullable(),
  period: periodSchema,
  periodKey: z.string().max(10),
  prompt: z.string().nullable(),
  responseLength: z.string().max(20),
  content: z.string(),
  themes: z.array(z.string().max(200)).max(50),
  totalVoiceNotes: z.number().int().min(0),
  totalDuration: z.number().int().min(0),
  wordsTranscribed: z.number().int().min(0),
  engine: z.string().max(200),
  createdAt: z.iso.datetime({ offset: true }),
  markdown: z.string().max(300),
});

export const exportedCollectionSchema = z.object({
  id: z.string().max(100),
  name: z.string().min(1).max(100),
  slug: z.string().max(120),
  description: z.string().max(500).nullable(),
  primaryColor: z.string().max(20),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  summaryTypes: z.array(exportedSummaryTypeSchema),
  notes: z.array(exportedNoteSchema),
  summaries: z.array(exportedSummarySchema),
});

export const journalExportSchema = z.object({
  format: z.literal(JOURNAL_EXPORT_FORMAT),
  version: z.literal(JOURNAL_EXPORT_VERSION),
  exportedAt: z.iso.datetime({ offset: true }),
  collections: z.array(exportedCollectionSchema),
});
export type JournalExport = z.infer<typeof journalExportSchema>;
export type ExportedCollection = z.infer<typeof exportedCollectionSchema>;

export const exportQuerySchema = z.object({
  domainId: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.guid({ error: "Expected an id (uuid)" }).optional()),
});
