import { z } from "zod";
import { RESPONSE_LENGTHS } from "../constants.js";
import { idSchema, periodSchema } from "./common.js";

export const responseLengthSchema = z.enum(RESPONSE_LENGTHS, {
  error: "Response length must be one of short, medium, long",
});

export const summarySchema = z.object({
  id: idSchema,
  userId: idSchema,
  domainId: idSchema,
  summaryTypeId: idSchema.nullable(),
  /** The custom type's name; null for the general summary. */
  summaryTypeName: z.string().nullable(),
  period: periodSchema,
  periodKey: z.string(),
  prompt: z.string().nullable(),
  responseLength: responseLengthSchema,
  content: z.string(),
  themes: z.array(z.string()),
  totalVoiceNotes: z.number().int(),
  totalDuration: z.number().int(),
  wordsTranscribed: z.number().int(),
  /** Which engine/model wrote it. */
  engine: z.string(),
  /** pending: being written (the spec's placeholder); ready; failed (see `error`). */
  status: z.enum(["pending", "ready", "failed"]).default("ready"),
  error: z.string().nullable().default(null),
  createdAt: z.string(),
});
export type Summary = z.infer<typeof summarySchema>;

export const summaryListSchema = z.array(summarySchema);
