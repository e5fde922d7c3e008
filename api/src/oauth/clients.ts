import crypto from "node:crypto";
import { z } from "zod";
import { setBounded } from "../bounded-map.js";
import { isAllowlisted, isInternalAddress } from "../push/endpoint-policy.js";
import { oauthRepository, type OAuthClientRow } from "../repositories/oauth.js";
import type { ServiceContext } from "../services/context.js";
import { OAuthError } from "./errors.js";
import net from "node:net";

/**
 * Who asks for access. A client is either named by the URL of its Client ID Metadata Document
 * (the document lists its name and redirect URIs; fetched when it asks, cached briefly), or
 * registered here through dynamic registration (RFC 7591) for clients that predate those
 * documents. Clients are public: PKCE stands in for a secret.
 */

const METADATA_MAX_BYTES = 16 * 1024;
const METADATA_TTL_MS = 5 * 60_000;
const cache = new Map<string, { client: OAuthClientRow; until: number }>();

const redirectUri = z.string().max(2000).refine(isAcceptableRedirect, { error: "redirect URIs must be https, http on a loopback address, or an app's own scheme" });

const metadataDocument = z.object({
  client_id: z.string(),
  client_name: z.string().trim().min(1).max(200).optional(),
  redirect_uris: z.array(redirectUri).min(1).max(20),
});

export const registrationSchema = z.object({
  redirect_uris: z.array(redirectUri, { error: "redirect_uris is required" }).min(1).max(20),
  client_name: z.string().trim().min(1).max(200).optional(),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  scope: z.string().optional(),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
});

/** https anywhere; http only on a loopback address (a native app's local listener); a private scheme (com.example.app:/cb). */
function isAcceptableRedirect(uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  if (url.hash) return false;
  if (url.protocol === "https:") return true;
  if (url.protocol === "http:") return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol) && !["javascript:", "data:", "file:"].includes(url.protocol);
}

export function isMetadataDocumentId(clientId: string): boolean {
  return /^https?:\/\//.test(clientId);
}

/** Why the server would not fetch this client id, or null when it may. */
function metadataUrlProblem(clientId: string, allowlist: readonly string[]): string | null {
  if (!URL.canParse(clientId)) return "client_id is not a URL";
  if (isAllowlisted(clientId, allowlist)) return null;
  const url = new URL(clientId);
  if (url.protocol !== "https:") return "A client metadata document must be served over https";
  if (url.pathname === "/" || url.username || url.password || url.hash) return "A client metadata document URL needs a path and no credentials or fragment";
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return "A client metadata document must be public";
  if (net.isIP(host) && isInternalAddress(host)) return "A client metadata document must be public";
  return null;
}

async function fetchMetadataDocument(clientId: string): Promise<OAuthClientRow> {
  let text: string;
  try {
    const res = await fetch(clientId, { redirect: "error", signal: AbortSignal.timeout(5000), headers: { accept: "application/json" } });
    if (!res.ok) throw new Error(`status ${res.status}`);
    text = await res.text();
  } catch (err) {
    throw new OAuthError("invalid_client", `The client's metadata document could not be fetched (${(err as Error).message})`);
  }
  if (text.length > METADATA_MAX_BYTES) throw new OAuthError("invalid_client", "The client's metadata document is too large");
  let parsed;
  try {
    parsed = metadataDocument.safeParse(JSON.parse(text));
  } catch {
    throw new OAuthError("invalid_client", "The client's metadata document is not JSON");
  }
  if (!parsed.success) throw new OAuthError("invalid_client", `The client's metadata document is not valid: ${parsed.error.issues[0]?.message}`);
  // The document must name itself: another site's document cannot be borrowed.
  if (parsed.data.client_id !== clientId) throw new OAuthError("invalid_client", "The client's metadata document names another client_id");
  return { client_id: clientId, client_name: parsed.data.client_name ?? new URL(clientId).host, redirect_uris: parsed.data.redirect_uris };
}

/** The client behind a client_id: its metadata document, or its registration; invalid_client otherwise. */
export async function resolveClient(ctx: ServiceContext, clientId: string): Promise<OAuthClientRow> {
  if (isMetadataDocumentId(clientId)) {
    const problem = metadataUrlProblem(clientId, ctx.config.OAUTH_CLIENT_METADATA_ALLOWLIST);
    if (problem) throw new OAuthError("invalid_client", problem);
    const cached = cache.get(clientId);
    if (cached && cached.until > Date.now()) return cached.client;
    const client = await fetchMetadataDocument(clientId);
    setBounded(cache, clientId, { client, until: Date.now() + METADATA_TTL_MS }, 1000);
    return client;
  }
  const client = await oauthRepository(ctx.db).findClient(clientId);
  if (!client) throw new OAuthError("invalid_client", "Unknown client_id");
  return client;
}

/** Dynamic client registration (RFC 7591): a public client, its redirect URIs kept exactly as given. */
export async function registerClient(ctx: ServiceContext, input: z.infer<typeof registrationSchema>) {
  for (const g of input.grant_types ?? []) {
    if (g !== "authorization_code" && g !== "refresh_token") throw new OAuthError("invalid_client_metadata", `grant type ${g} is not supported`);
  }
  const client: OAuthClientRow = {
    client_id: `vjc_${crypto.randomBytes(16).toString("base64url")}`,
    client_name: input.client_name ?? new URL(input.redirect_uris[0]!).host,
    redirect_uris: input.redirect_uris,
  };
  await oauthRepository(ctx.db).insertClient(client);
  return {
    client_id: client.client_id,
    client_id_issued_at: Math.floor(Date.now() / 1000),
    client_name: client.client_name,
    redirect_uris: client.redirect_uris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    // Public clients only: PKCE proves the client, a secret would add nothing a native app can keep.
    token_endpoint_auth_method: "none",
    scope: "read",
  };
}
