import { z } from "zod";
import { CHAT_QUESTION_MAX } from "../../constants.js";
import { idSchema, periodSchema } from "../common.js";
import { timeZoneSchema, withValidPeriodKey } from "./fields.js";

export const askSchema = z
  .object({
    question: z
      .string({ error: "question is required" })
      .trim()
      .min(1, { error: "Type a question first" })
      .max(CHAT_QUESTION_MAX, { error: `A question must be at most ${CHAT_QUESTION_MAX} characters` }),
    domainId: idSchema,
    /** The period the navigator shows; absent means all time in the collection. */
    period: periodSchema.optional(),
    periodKey: z.string().max(10).optional(),
    tz: timeZoneSchema.default("UTC"),
    /** Continue this conversation; absent starts a new one. */
    threadId: idSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.period === undefined) !== (value.periodKey === undefined)) {
      ctx.addIssue({ code: "custom", path: ["periodKey"], message: "period and periodKey go together" });
      return;
    }
    if (value.period !== undefined) withValidPeriodKey({ period: value.period, periodKey: value.periodKey! }, ctx);
  });
export type AskInput = z.infer<typeof askSchema>;

export const listChatThreadsQuerySchema = z.object({ domainId: idSchema });
