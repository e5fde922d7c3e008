import { z } from "zod";
import { PERIODS, type Period } from "../period.js";

/** Database ids: PostgreSQL rejects malformed uuid text, so anything else is refused before a query. */
export const idSchema = z.guid({ error: "Expected an id (uuid)" });

export const periodSchema = z.enum(PERIODS as [Period, ...Period[]], {
  error: "Period must be one of day, week, month",
});

export const successSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof successSchema>;
