import { z } from "zod";
import { MAX_EMAIL_LENGTH } from "../../constants.js";
import { signupPolicySchema } from "../instance.js";

export const signupStatusQuerySchema = z.object({
  /** The token of an invitation link, to say whether it can still be used. */
  invitation: z.string().max(200).optional(),
});

/** A daily limit: a whole number from 0 (nothing allowed) up; null clears it. */
const limitValue = z.number().int({ error: "A limit is a whole number" }).min(0, { error: "A limit cannot be negative" }).max(1_000_000).nullable();

export const updateAccountSchema = z
  .object({
    disabled: z.boolean().optional(),
    isAdmin: z.boolean().optional(),
    limits: z.object({ transcriptionMinutes: limitValue.optional(), summaries: limitValue.optional(), ask: limitValue.optional() }).strict().optional(),
  })
  .strict();
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

export const INVITATION_DAYS_DEFAULT = 7;
export const INVITATION_DAYS_MAX = 90;

export const createInvitationSchema = z
  .object({
    /** Only this address may sign up with it; absent: whoever has the link. */
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(MAX_EMAIL_LENGTH)
      .pipe(z.email({ error: "Enter a valid e-mail address" }))
      .optional()
      .or(z.literal("").transform(() => undefined)),
    expiresInDays: z.number().int().min(1).max(INVITATION_DAYS_MAX).default(INVITATION_DAYS_DEFAULT),
  })
  .strict();
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), { error: "Enter an http:// or https:// address" });
const model = z.string().trim().min(1).max(200).nullable();

/** The AI settings a form holds; a field left out is unchanged; null clears it. */
export const aiSettingsInputSchema = z
  .object({
    baseUrl: httpUrl.nullable().optional(),
    /** Write-only; null removes the stored key. */
    apiKey: z.string().trim().min(1).max(1000).nullable().optional(),
    transcriptionModel: model.optional(),
    summaryModel: model.optional(),
    chatModel: model.optional(),
  })
  .strict();

export const updateInstanceSettingsSchema = z
  .object({
    signups: signupPolicySchema.optional(),
    ai: aiSettingsInputSchema.optional(),
    limits: z
      .object({ transcriptionMinutesPerDay: limitValue.optional(), summariesPerDay: limitValue.optional(), askPerDay: limitValue.optional() })
      .strict()
      .optional(),
  })
  .strict();
export type UpdateInstanceSettingsInput = z.infer<typeof updateInstanceSettingsSchema>;

/** POST /api/admin/ai-test: the form's values, saved or not, over the settings in force. */
export const aiTestInputSchema = aiSettingsInputSchema;
export type AiTestInput = z.infer<typeof aiTestInputSchema>;
