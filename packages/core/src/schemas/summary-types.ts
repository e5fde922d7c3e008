import { z } from "zod";
import { idSchema } from "./common.js";

/** The spec's one message for a missing name or prompt (SPEC §5). */
export const SUMMARY_TYPE_REQUIRED_MESSAGE = "Please provide both a name and a prompt for the summary type.";

export const summaryTypeSchema = z.object({
  id: idSchema,
  userId: idSchema,
  domainId: idSchema,
  name: z.string(),
  prompt: z.string(),
  createdAt: z.string(),
});
export type SummaryType = z.infer<typeof summaryTypeSchema>;

export const summaryTypeListSchema = z.array(summaryTypeSchema);
