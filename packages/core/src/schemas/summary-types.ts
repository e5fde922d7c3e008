import { z } from "zod";
import { LIMITS, idSchema } from "./common.js";

/** The spec's one message for a missing name or prompt (SPEC §5). */
export const SUMMARY_TYPE_REQUIRED_MESSAGE = "Please provide both a name and a prompt for the summary type.";

const name = z
  .string({ error: SUMMARY_TYPE_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: SUMMARY_TYPE_REQUIRED_MESSAGE })
  .max(LIMITS.name, { error: `Name must be at most ${LIMITS.name} characters` });
const prompt = z
  .string({ error: SUMMARY_TYPE_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: SUMMARY_TYPE_REQUIRED_MESSAGE })
  .max(LIMITS.prompt, { error: `Prompt must be at most ${LIMITS.prompt} characters` });

export const listSummaryTypesQuerySchema = z.object({ domainId: idSchema });

export const createSummaryTypeSchema = z.object({ name, prompt, domainId: idSchema });
export type CreateSummaryTypeInput = z.infer<typeof createSummaryTypeSchema>;

export const updateSummaryTypeSchema = z.strictObject({ name: name.optional(), prompt: prompt.optional() });
export type UpdateSummaryTypeInput = z.infer<typeof updateSummaryTypeSchema>;

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
