import { z } from "zod";
import { PERIODS, type Period } from "../period.js";

/** Field bounds the API enforces; the spec leaves them open, these keep rows and prompts sane. */
export const LIMITS = {
  name: 100,
  description: 500,
  title: 200,
  prompt: 4000,
  transcription: 200_000,
  clientId: 200,
} as const;

/** Database ids: PostgreSQL rejects malformed uuid text, so anything else is refused before a query. */
export const idSchema = z.guid({ error: "Expected an id (uuid)" });

export const periodSchema = z.enum(PERIODS as [Period, ...Period[]], {
  error: "Period must be one of day, week, month",
});

export const successSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof successSchema>;
