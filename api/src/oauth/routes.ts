import { Hono, type Context } from "hono";
import { cors } from "hono/cors";
import type { ServiceContext } from "../services/context.js";
import { RateLimiter } from "../auth/rate-limit.js";
import { clientIp } from "../auth/client-ip.js";
import { limitBody } from "../routes/request.js";
import { mcpResource, publicOrigin } from "../mcp/public-url.js";
import { registerClient, registrationSchema } from "./clients.js";
import { OAuthError } from "./errors.js";
import { SCOPE, exchangeToken, revokeToken, startAuthorization } from "./service.js";

/** OAuth's own answers: { error, error_description }, never cached. */
function oauthError(c: Context, err: OAuthError) {
  c.header("Cache-Control", "no-store");
  return c.json({ error: err.error, error_description: err.description }, err.status as 400);
}

async function formOf(c: Context): Promise<Record<string, string>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) throw new OAuthError("invalid_request", "Send the parameters form-encoded (application/x-www-form-urlencoded)");
  return Object.fromEntries(new URLSearchParams(await c.req.text()));
}

/**
 * The discovery documents and the authorization server's endpoints, all public (no app session):
 * /.well-known/oauth-protected-resource (RFC 9728), /.well-known/oauth-authorization-server
 * (RFC 8414), /oauth/authorize, /oauth/token, /oauth/register (RFC 7591), /oauth/revoke (RFC 7009).
 */
export function oauthRoutes(ctx: ServiceContext) {
  const origin = (c: Context) => publicOrigin(c, ctx.config);
  const registrations = RateLimiter.perFiveMinutes(30, 10);
  const small = limitBody(64 * 1024, (c) => oauthError(c, new OAuthError("invalid_request", "The request body is too large", 413)));
  // Browser-based clients read the documents and call the token endpoint across origins.
  const open = cors({ origin: "*", allowMethods: ["GET", "POST", "OPTIONS"], allowHeaders: ["content-type", "authorization", "mcp-protocol-version"] });

  const protectedResource = (c: Context) => {
    const own = origin(c);
    return c.json({
      resource: mcpResource(own),
      authorization_servers: [own],
      scopes_supported: [SCOPE],
      bearer_methods_supported: ["header"],
      resource_name: "Voice Journal",
    });
  };

  return new Hono()
    .use("/.well-known/*", open)
    .use("/oauth/token", open)
    .use("/oauth/register", open)
    .use("/oauth/revoke", open)
    .get("/.well-known/oauth-protected-resource", protectedResource)
    .get("/.well-known/oauth-protected-resource/mcp", protectedResource)
    .get("/.well-known/oauth-authorization-server", (c) => {
      const own = origin(c);
      return c.json({
        issuer: own,
        authorization_endpoint: `${own}/oauth/authorize`,
        token_endpoint: `${own}/oauth/token`,
        registration_endpoint: `${own}/oauth/register`,
        revocation_endpoint: `${own}/oauth/revoke`,
        response_types_supported: ["code"],
        response_modes_supported: ["query"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
        revocation_endpoint_auth_methods_supported: ["none"],
        scopes_supported: [SCOPE],
        client_id_metadata_document_supported: true,
        authorization_response_iss_parameter_supported: true,
      });
    })
    .get("/oauth/authorize", async (c) => {
      try {
        const outcome = await startAuthorization(ctx, c.req.query(), origin(c));
        return c.redirect("consentId" in outcome ? `/authorize/${outcome.consentId}` : outcome.redirect, 302);
      } catch (err) {
        if (err instanceof OAuthError) return oauthError(c, err);
        throw err;
      }
    })
    .post("/oauth/token", small, async (c) => {
      try {
        const answer = await exchangeToken(ctx, await formOf(c), origin(c));
        c.header("Cache-Control", "no-store");
        return c.json(answer);
      } catch (err) {
        if (err instanceof OAuthError) return oauthError(c, err);
        throw err;
      }
    })
    .post("/oauth/revoke", small, async (c) => {
      try {
        await revokeToken(ctx, (await formOf(c)).token);
        return c.body(null, 200);
      } catch (err) {
        if (err instanceof OAuthError) return oauthError(c, err);
        throw err;
      }
    })
    .post("/oauth/register", small, async (c) => {
      try {
        if (!registrations.take(clientIp(c))) throw new OAuthError("slow_down", "Too many registrations: try again later", 429);
        let body: unknown;
        try {
          body = JSON.parse(await c.req.text());
        } catch {
          throw new OAuthError("invalid_client_metadata", "The body must be JSON");
        }
        const parsed = registrationSchema.safeParse(body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = String(issue?.path[0] ?? "");
          throw new OAuthError(field === "redirect_uris" ? "invalid_redirect_uri" : "invalid_client_metadata", `${field}: ${issue?.message}`);
        }
        c.header("Cache-Control", "no-store");
        return c.json(await registerClient(ctx, parsed.data), 201);
      } catch (err) {
        if (err instanceof OAuthError) return oauthError(c, err);
        throw err;
      }
    });
}
