import { z } from "zod";
import { idSchema } from "./common.js";

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
