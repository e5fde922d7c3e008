import { z } from "zod";

export const ASSISTANT_TOKEN_NAME_MAX = 80;

/** POST /api/assistant-tokens. Tokens are read-only: the only scope there is. */
export const createAssistantTokenSchema = z.strictObject({
  name: z
    .string({ error: "Name the token (e.g. the assistant that will use it)" })
    .trim()
    .min(1, { error: "Name the token (e.g. the assistant that will use it)" })
    .max(ASSISTANT_TOKEN_NAME_MAX, { error: `The name must be at most ${ASSISTANT_TOKEN_NAME_MAX} characters` }),
  scope: z.literal("read").default("read"),
});
export type CreateAssistantTokenInput = z.infer<typeof createAssistantTokenSchema>;

/** POST /api/oauth/requests/:id/decision. */
export const consentDecisionSchema = z.strictObject({ allow: z.boolean() });
export type ConsentDecisionInput = z.infer<typeof consentDecisionSchema>;
