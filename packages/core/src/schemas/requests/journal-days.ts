import { z } from "zod";
import { isValidPeriodKey } from "../../period.js";
import { idSchema } from "../common.js";
import { blankAsUndefined, timeZoneSchema } from "./fields.js";

const tz = z.preprocess(blankAsUndefined, timeZoneSchema.default("UTC"));

export const calendarQuerySchema = z.object({
  month: z
    .string({ error: "month is required (YYYY-MM)" })
    .max(7, { error: "month must be written YYYY-MM" })
    .refine((m) => isValidPeriodKey("month", m), { error: "month must be a real month written YYYY-MM" }),
  /** One collection; all of the person's collections when absent. */
  domainId: z.preprocess(blankAsUndefined, idSchema.optional()),
  tz,
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const onThisDayQuerySchema = z.object({
  date: z
    .string({ error: "date is required (YYYY-MM-DD)" })
    .max(10, { error: "date must be written YYYY-MM-DD" })
    .refine((d) => isValidPeriodKey("day", d), { error: "date must be a real day written YYYY-MM-DD" }),
  tz,
});
export type OnThisDayQuery = z.infer<typeof onThisDayQuerySchema>;
