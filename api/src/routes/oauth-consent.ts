import { consentDecisionSchema } from "@vj/core";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { ServiceContext } from "../services/context.js";
import { publicOrigin } from "../mcp/public-url.js";
import { consentRequest, decideConsent } from "../oauth/service.js";
import { jsonBodyLimit, readJson } from "./request.js";

const requestId = (id: string | undefined) => (id && /^[A-Za-z0-9_-]{16,64}$/.test(id) ? id : "-");

/**
 * The consent page's API (web /authorize/:id): behind the app's own session, built-in or
 * Supabase, so the person who answers is whoever is signed in to the app.
 */
export function oauthConsentRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>()
    .get("/requests/:id", async (c) => c.json(await consentRequest(ctx, requestId(c.req.param("id")))))
    .post("/requests/:id/decision", jsonBodyLimit, async (c) => {
      const { allow } = await readJson(c, consentDecisionSchema);
      return c.json(await decideConsent(ctx, c.var.user.id, requestId(c.req.param("id")), allow, publicOrigin(c, ctx.config)));
    });
}
