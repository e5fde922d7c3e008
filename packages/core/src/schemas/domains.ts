import { z } from "zod";
import { idSchema } from "./common.js";

export const domainSchema = z.object({
  id: idSchema,
  userId: idSchema,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  primaryColor: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Domain = z.infer<typeof domainSchema>;

export const domainListSchema = z.array(domainSchema);

export const domainStatsSchema = z.object({
  totalRecordings: z.number().int(),
  /** Seconds. */
  totalDuration: z.number().int(),
  transcribedCount: z.number().int(),
  /** ISO timestamp of the newest note, or "" when the collection has none. */
  recentRecording: z.string(),
});
export type DomainStats = z.infer<typeof domainStatsSchema>;

/** GET /api/domains/{id}/contents: what deleting the collection takes with it (the confirmation says so). */
export const domainContentsSchema = z.object({ notes: z.number().int().nonnegative(), summaries: z.number().int().nonnegative() });
export type DomainContents = z.infer<typeof domainContentsSchema>;
