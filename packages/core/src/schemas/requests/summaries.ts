import { z } from "zod";
import { DEFAULT_RESPONSE_LENGTH } from "../../constants.js";
import { idSchema, periodSchema } from "../common.js";
import { responseLengthSchema } from "../summaries.js";
import { blankAsUndefined, periodQueryFields, timeZoneSchema, withValidPeriodKey } from "./fields.js";

export const listSummariesQuerySchema = z
  .object({
    ...periodQueryFields,
    domainId: z.preprocess(blankAsUndefined, idSchema.optional()),
  })
  .superRefine(withValidPeriodKey);
export type ListSummariesQuery = z.infer<typeof listSummariesQuerySchema>;

/**
 * POST /api/summaries/generate. Exactly one of the general summary and a custom type
 * (SPEC §4: they are mutually exclusive). A null or "" summaryTypeId counts as absent.
 */
export const generateSummarySchema = z
  .object({
    period: periodSchema,
    periodKey: z.string().max(10),
    domainId: idSchema,
    summaryTypeId: z.preprocess((v) => (v === null ? undefined : blankAsUndefined(v)), idSchema.optional()),
    isGeneralSummary: z.boolean().default(false),
    responseLength: responseLengthSchema.default(DEFAULT_RESPONSE_LENGTH),
    tz: z.preprocess(blankAsUndefined, timeZoneSchema.default("UTC")),
    /**
     * Made by the client for this one request (like a note's clientId): the same request sent
     * again after a dropped connection answers the summary it already made, never a second one.
     */
    clientRequestId: z.preprocess(blankAsUndefined, z.string().max(200, { error: "clientRequestId must be at most 200 characters" }).optional()),
  })
  .superRefine(withValidPeriodKey)
  .superRefine((value, ctx) => {
    if (value.isGeneralSummary && value.summaryTypeId) {
      ctx.addIssue({
        code: "custom",
        path: ["summaryTypeId"],
        message: "Choose either the general summary or a summary type, not both",
      });
    } else if (!value.isGeneralSummary && !value.summaryTypeId) {
      ctx.addIssue({
        code: "custom",
        path: ["summaryTypeId"],
        message: "Choose a summary type or the general summary",
      });
    }
  });
export type GenerateSummaryInput = z.infer<typeof generateSummarySchema>;
