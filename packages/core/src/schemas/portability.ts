import { z } from "zod";

/** What POST /api/import did: each kind, created now and found already there. */
const countSchema = z.object({ imported: z.number().int(), existing: z.number().int() });
export const importResultSchema = z.object({
  collections: countSchema,
  notes: countSchema,
  summaryTypes: countSchema,
  summaries: countSchema,
});
export type ImportResult = z.infer<typeof importResultSchema>;
