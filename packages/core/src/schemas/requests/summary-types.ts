import { z } from "zod";
import { LIMITS, SUMMARY_TYPE_REQUIRED_MESSAGE } from "../../constants.js";
import { idSchema } from "../common.js";

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
