import { z } from "zod";

/** `journal.json` of an export names its format and version (the document: requests/portability.ts). */
export const JOURNAL_EXPORT_FORMAT = "voice-journal-export";
export const JOURNAL_EXPORT_VERSION = 1;

/** What POST /api/import did: each kind, created now and found already there. */
const countSchema = z.object({ imported: z.number().int(), existing: z.number().int() });
export const importResultSchema = z.object({
  collections: countSchema,
  notes: countSchema,
  summaryTypes: countSchema,
  summaries: countSchema,
});
export type ImportResult = z.infer<typeof importResultSchema>;
