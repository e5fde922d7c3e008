import { z } from "zod";

/**
 * Settings → Connected assistants: each access token the person made and each app they allowed
 * through OAuth, with its last use. Revoking either refuses it at the next request.
 */
export const connectedAssistantSchema = z.object({
  id: z.string(),
  /** token: an access token pasted into a client; oauth: an app that signed in with the person's consent. */
  kind: z.enum(["token", "oauth"]),
  name: z.string(),
  /** What it may do: "read" (notes, summaries, collections). */
  scope: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ConnectedAssistant = z.infer<typeof connectedAssistantSchema>;
export const connectedAssistantListSchema = z.array(connectedAssistantSchema);

/** POST /api/assistant-tokens: the token itself is answered this once and never again. */
export const createdAssistantTokenSchema = z.object({
  token: z.string(),
  assistant: connectedAssistantSchema,
});
export type CreatedAssistantToken = z.infer<typeof createdAssistantTokenSchema>;

/** GET /api/oauth/requests/:id: what the consent page shows. */
export const consentRequestSchema = z.object({
  id: z.string(),
  clientName: z.string(),
  /** The client's id (its metadata document's URL, or the id it was registered with). */
  clientId: z.string(),
  /** Where the answer goes (host of the redirect URI), shown so the person can tell who asks. */
  redirectHost: z.string(),
  scope: z.string(),
});
export type ConsentRequest = z.infer<typeof consentRequestSchema>;

/** POST /api/oauth/requests/:id/decision: where the browser goes next (the client's redirect URI). */
export const consentDecisionResultSchema = z.object({ redirectTo: z.string() });
export type ConsentDecisionResult = z.infer<typeof consentDecisionResultSchema>;
