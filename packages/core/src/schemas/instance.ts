import { z } from "zod";

/** Who may create an account (SIGNUPS, or the admin screen). */
export const SIGNUP_POLICIES = ["open", "invite", "closed"] as const;
export const signupPolicySchema = z.enum(SIGNUP_POLICIES);
export type SignupPolicy = z.infer<typeof signupPolicySchema>;

/** What an invitation link is worth right now, as the sign-up page shows it. */
export const INVITATION_STATUSES = ["valid", "used", "expired", "unknown"] as const;

/** GET /api/signup-policy: public, read by the landing and sign-up pages. */
export const signupStatusSchema = z.object({
  signups: signupPolicySchema,
  /** Only when the request named one (`?invitation=`). */
  invitation: z.object({ status: z.enum(INVITATION_STATUSES), email: z.string().nullable() }).optional(),
});
export type SignupStatus = z.infer<typeof signupStatusSchema>;

/** One daily allowance of the signed-in account, on its local day. */
export const dailyAllowanceSchema = z.object({
  /** null: no limit. */
  limit: z.number().nullable(),
  used: z.number(),
  /** The next local midnight of the account (ISO), when the count starts again. */
  resetsAt: z.string(),
});
export type DailyAllowance = z.infer<typeof dailyAllowanceSchema>;

/** GET /api/account: who is signed in, whether they run the instance, and what they used today. */
export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  today: z.object({
    transcriptionMinutes: dailyAllowanceSchema,
    summaries: dailyAllowanceSchema,
    ask: dailyAllowanceSchema,
  }),
});
export type Account = z.infer<typeof accountSchema>;
