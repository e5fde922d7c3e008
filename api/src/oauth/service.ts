import crypto from "node:crypto";
import type { ConsentRequest } from "@vj/core";
import { hashToken, newOpaqueToken } from "../auth/opaque-tokens.js";
import { notFound } from "../errors.js";
import { assistantAccessRepository } from "../repositories/assistant-access.js";
import { oauthRepository, type OAuthRequestRow } from "../repositories/oauth.js";
import type { ServiceContext } from "../services/context.js";
import { mcpResource } from "../mcp/public-url.js";
import { resolveClient } from "./clients.js";
import { OAuthError } from "./errors.js";

/**
 * The app as an OAuth 2.1 authorization server for one protected resource, /mcp: the
 * authorization code grant with PKCE (S256 only), the resource parameter required and bound to
 * /mcp (RFC 8707), exact redirect URI matching, `iss` on every authorization response (RFC 9207),
 * short-lived opaque access tokens and refresh tokens rotated on each use, a reused refresh token
 * revoking its whole grant. The person answers on a page of the app (web /authorize/:id), signed
 * in with whichever auth the app runs.
 */

export const SCOPE = "read";
const REQUEST_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 60_000;

export interface AuthorizeParams {
  response_type?: string | undefined;
  client_id?: string | undefined;
  redirect_uri?: string | undefined;
  state?: string | undefined;
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
  resource?: string | undefined;
  scope?: string | undefined;
}

/** Where the browser goes: the consent page, or back to the client with an error. */
export type AuthorizeOutcome = { consentId: string } | { redirect: string };

/** Adds the answer's parameters (and `iss`) to the client's redirect URI. */
export function redirectWith(redirectUri: string, params: Record<string, string | null | undefined>, issuer: string): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) url.searchParams.set(k, v);
  url.searchParams.set("iss", issuer);
  return url.toString();
}

/**
 * GET /oauth/authorize. A bad client or redirect URI is answered here (never redirected: the
 * redirect could lead anywhere); any other problem goes back to the client's redirect URI.
 */
export async function startAuthorization(ctx: ServiceContext, p: AuthorizeParams, origin: string): Promise<AuthorizeOutcome> {
  if (!p.client_id) throw new OAuthError("invalid_request", "client_id is required");
  const client = await resolveClient(ctx, p.client_id);
  if (!p.redirect_uri) throw new OAuthError("invalid_request", "redirect_uri is required");
  if (!client.redirect_uris.includes(p.redirect_uri)) throw new OAuthError("invalid_request", "redirect_uri is not one this client registered (it must match exactly)");
  const back = (error: string, description: string) => ({
    redirect: redirectWith(p.redirect_uri!, { error, error_description: description, state: p.state }, origin),
  });
  if (p.response_type !== "code") return back("unsupported_response_type", "Only response_type=code is supported");
  if (!p.code_challenge || !/^[A-Za-z0-9_-]{43,128}$/.test(p.code_challenge)) return back("invalid_request", "code_challenge is required (PKCE)");
  if (p.code_challenge_method !== "S256") return back("invalid_request", "code_challenge_method must be S256");
  if (!p.resource) return back("invalid_target", "resource is required: the address of this server's /mcp");
  if (p.resource !== mcpResource(origin)) return back("invalid_target", `resource must be ${mcpResource(origin)}`);
  const scopes = (p.scope ?? SCOPE).split(" ").filter(Boolean);
  if (scopes.some((s) => s !== SCOPE)) return back("invalid_scope", `The only scope is "${SCOPE}"`);
  if ((p.state?.length ?? 0) > 1000) return back("invalid_request", "state is too long");
  const id = crypto.randomBytes(24).toString("base64url");
  await oauthRepository(ctx.db).insertRequest({
    id,
    client_id: client.client_id,
    client_name: client.client_name,
    redirect_uri: p.redirect_uri,
    state: p.state ?? null,
    code_challenge: p.code_challenge,
    resource: p.resource,
    scope: SCOPE,
    expires_at: new Date(Date.now() + REQUEST_TTL_MS),
  });
  return { consentId: id };
}

/** What the consent page shows; a spent, expired or unknown request is not found. */
export async function consentRequest(ctx: ServiceContext, id: string): Promise<ConsentRequest> {
  const r = await oauthRepository(ctx.db).findPending(id);
  if (!r) throw notFound("Authorization request");
  return { id: r.id, clientName: r.client_name, clientId: r.client_id, redirectHost: redirectHost(r.redirect_uri), scope: r.scope };
}

function redirectHost(uri: string): string {
  const url = new URL(uri);
  return url.host || url.protocol.replace(/:$/, "");
}

/** The person's answer: the client's redirect URI with a one-time code, or with access_denied. */
export async function decideConsent(ctx: ServiceContext, userId: string, id: string, allow: boolean, origin: string): Promise<{ redirectTo: string }> {
  const repo = oauthRepository(ctx.db);
  if (!allow) {
    const r = await repo.close(id);
    if (!r) throw notFound("Authorization request");
    return { redirectTo: redirectWith(r.redirect_uri, { error: "access_denied", error_description: "The person declined", state: r.state }, origin) };
  }
  const code = newOpaqueToken("code");
  const r = await repo.approve(id, userId, hashToken(code), new Date(Date.now() + CODE_TTL_MS));
  if (!r) throw notFound("Authorization request");
  return { redirectTo: redirectWith(r.redirect_uri, { code, state: r.state }, origin) };
}

export interface TokenParams {
  grant_type?: string | undefined;
  code?: string | undefined;
  redirect_uri?: string | undefined;
  code_verifier?: string | undefined;
  client_id?: string | undefined;
  refresh_token?: string | undefined;
  resource?: string | undefined;
}

export interface TokenAnswer {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const invalidGrant = (why: string) => new OAuthError("invalid_grant", why);

/** POST /oauth/token: a code (with its PKCE verifier) or a refresh token for new tokens. */
export async function exchangeToken(ctx: ServiceContext, p: TokenParams, origin: string): Promise<TokenAnswer> {
  if (p.resource !== undefined && p.resource !== mcpResource(origin)) throw new OAuthError("invalid_target", `resource must be ${mcpResource(origin)}`);
  if (p.grant_type === "authorization_code") return exchangeCode(ctx, p);
  if (p.grant_type === "refresh_token") return refresh(ctx, p);
  throw new OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
}

async function exchangeCode(ctx: ServiceContext, p: TokenParams): Promise<TokenAnswer> {
  if (!p.code || !p.code_verifier || !p.redirect_uri || !p.client_id) throw new OAuthError("invalid_request", "code, code_verifier, redirect_uri and client_id are required");
  // Spent on the first attempt, right or wrong: a code is never tried twice.
  const r = await oauthRepository(ctx.db).redeemCode(hashToken(p.code));
  if (!r) throw invalidGrant("The code is invalid, expired or already used");
  if (r.client_id !== p.client_id) throw invalidGrant("The code was issued to another client");
  if (r.redirect_uri !== p.redirect_uri) throw invalidGrant("redirect_uri differs from the authorization request's");
  if (!pkceMatches(p.code_verifier, r.code_challenge)) throw invalidGrant("code_verifier does not match the code_challenge");
  return issueGrant(ctx, r);
}

/** S256: BASE64URL(SHA256(verifier)) equals the challenge, compared in constant time. */
function pkceMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const computed = Buffer.from(crypto.createHash("sha256").update(verifier).digest("base64url"));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && crypto.timingSafeEqual(computed, expected);
}

function newPair(ctx: ServiceContext) {
  const access = newOpaqueToken("access");
  const refreshToken = newOpaqueToken("refresh");
  const ttl = ctx.config.OAUTH_ACCESS_TOKEN_TTL_SECONDS;
  const credentials = [
    { hash: hashToken(access), kind: "access" as const, expiresAt: new Date(Date.now() + ttl * 1000) },
    { hash: hashToken(refreshToken), kind: "refresh" as const, expiresAt: new Date(Date.now() + ctx.config.OAUTH_REFRESH_TOKEN_TTL_DAYS * 86_400_000) },
  ];
  const answer: TokenAnswer = { access_token: access, token_type: "Bearer", expires_in: ttl, refresh_token: refreshToken, scope: SCOPE };
  return { credentials, answer };
}

async function issueGrant(ctx: ServiceContext, r: OAuthRequestRow): Promise<TokenAnswer> {
  const { credentials, answer } = newPair(ctx);
  await assistantAccessRepository(ctx.db).createGrant({ userId: r.user_id!, kind: "oauth", name: r.client_name, clientId: r.client_id }, credentials);
  return answer;
}

async function refresh(ctx: ServiceContext, p: TokenParams): Promise<TokenAnswer> {
  if (!p.refresh_token || !p.client_id) throw new OAuthError("invalid_request", "refresh_token and client_id are required");
  const repo = assistantAccessRepository(ctx.db);
  const hash = hashToken(p.refresh_token);
  const stored = await repo.findRefresh(hash);
  if (!stored || stored.revoked_at) throw invalidGrant("The refresh token is invalid or revoked");
  if (stored.client_id !== p.client_id) throw invalidGrant("The refresh token was issued to another client");
  if (stored.used_at) {
    // A spent refresh token came back: one of two holders is not the client. Neither keeps access.
    await repo.revokeGrantById(stored.grant_id);
    throw invalidGrant("The refresh token was already used; this connection is revoked, sign in again");
  }
  if (stored.expires_at && stored.expires_at <= new Date()) throw invalidGrant("The refresh token has expired");
  const { credentials, answer } = newPair(ctx);
  if (!(await repo.rotateRefresh(hash, stored.grant_id, credentials))) {
    await repo.revokeGrantById(stored.grant_id);
    throw invalidGrant("The refresh token was already used; this connection is revoked, sign in again");
  }
  return answer;
}

/** POST /oauth/revoke (RFC 7009): the token's whole grant goes; an unknown token is no error. */
export async function revokeToken(ctx: ServiceContext, token: string | undefined): Promise<void> {
  if (!token) throw new OAuthError("invalid_request", "token is required");
  const repo = assistantAccessRepository(ctx.db);
  const grantId = await repo.grantOfCredential(hashToken(token));
  if (grantId) await repo.revokeGrantById(grantId);
}
