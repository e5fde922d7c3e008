import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  UnauthorizedError,
  discoverAuthorizationServerMetadata,
  exchangeAuthorization,
  refreshAuthorization,
  startAuthorization,
  type OAuthClientProvider,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inject } from "vitest";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain } from "./support/api.js";
import { MCP_URL, appFetch, callTool } from "./support/mcp.js";
import { seedNotes } from "./support/notes.js";

const ORIGIN = "http://localhost";
const REDIRECT = "http://127.0.0.1:33418/callback";

/** What an MCP client keeps between runs, as the SDK asks for it. */
class MemoryProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | undefined;
  constructor(
    readonly clientName: string,
    readonly clientMetadataUrl?: string,
  ) {}
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: this.clientName, redirect_uris: [REDIRECT], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe.each(dbKinds)("assistants sign in with OAuth on %s", (kind) => {
  let t: TestApp;
  let person: TestUser;
  let metadataServer: https.Server;
  let clientId: string;

  /** The person opens the consent page (its request id is the path's last part) and answers. */
  const consent = async (authorizationUrl: URL, allow = true) => {
    const res = await t.app.request(authorizationUrl.toString());
    expect(res.status, await res.clone().text()).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/authorize\/[A-Za-z0-9_-]+$/);
    const id = location.split("/").pop()!;
    const shown = await call(t, "GET", `/api/oauth/requests/${id}`, { user: person });
    expect(shown.status).toBe(200);
    const decided = await call(t, "POST", `/api/oauth/requests/${id}/decision`, { user: person, json: { allow } });
    expect(decided.status).toBe(200);
    return { shown: (await shown.json()) as { clientName: string; redirectHost: string }, redirectTo: new URL(((await decided.json()) as { redirectTo: string }).redirectTo) };
  };

  /** A new client's whole first connection: discovery from the 401, registration, consent, code, token. */
  const signIn = async (provider: MemoryProvider) => {
    const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider, fetch: appFetch(t) });
    await expect(new Client({ name: provider.clientName, version: "1" }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const url = provider.authorizationUrl!;
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/oauth/authorize`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("resource")).toBe(`${ORIGIN}/mcp`);
    const { shown, redirectTo } = await consent(url);
    expect(redirectTo.searchParams.get("iss")).toBe(ORIGIN);
    expect(redirectTo.searchParams.get("state")).toBe(url.searchParams.get("state"));
    await transport.finishAuth(redirectTo.searchParams.get("code")!);
    const client = new Client({ name: provider.clientName, version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider, fetch: appFetch(t) }));
    return { client, shown };
  };

  beforeAll(async () => {
    const cert = inject("pushCertificate");
    // The client's metadata document, served on loopback over https as its own site would.
    metadataServer = https.createServer({ key: fs.readFileSync(cert.keyFile), cert: fs.readFileSync(cert.certFile) }, (req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ client_id: clientId, client_name: "Claude", redirect_uris: [REDIRECT], grant_types: ["authorization_code", "refresh_token"], token_endpoint_auth_method: "none" }));
    });
    await new Promise<void>((resolve) => metadataServer.listen(0, "127.0.0.1", resolve));
    const metadataOrigin = `https://127.0.0.1:${(metadataServer.address() as AddressInfo).port}`;
    clientId = `${metadataOrigin}/oauth/client.json`;
    t = await createTestApp(kind, { OAUTH_CLIENT_METADATA_ALLOWLIST: metadataOrigin });
    person = await createUser(t.deps);
    const home = await createDomain(t, person, { name: "Home", isDefault: true });
    await seedNotes(t, person.id, home.id, [{ at: "2026-03-10T10:00:00Z", title: "Morning walk", transcription: "Walked by the river at dawn." }]);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => metadataServer.close(resolve));
  });

  test("discovery documents: the protected resource names the app as its authorization server", async () => {
    const prm = await (await t.app.request("/.well-known/oauth-protected-resource/mcp")).json();
    expect(prm).toMatchObject({ resource: `${ORIGIN}/mcp`, authorization_servers: [ORIGIN], scopes_supported: ["read"] });
    expect(await (await t.app.request("/.well-known/oauth-protected-resource")).json()).toEqual(prm);
    const as = await discoverAuthorizationServerMetadata(ORIGIN, { fetchFn: appFetch(t) });
    expect(as).toMatchObject({
      issuer: ORIGIN,
      code_challenge_methods_supported: ["S256"],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      registration_endpoint: `${ORIGIN}/oauth/register`,
    });
  });

  test("a client named by its metadata document signs in, reads, refreshes; a reused refresh token revokes the connection", async () => {
    const provider = new MemoryProvider("Claude", clientId);
    const { client, shown } = await signIn(provider);
    expect(provider.info?.client_id).toBe(clientId);
    // The consent page shows the name from the client's own document.
    expect(shown).toMatchObject({ clientName: "Claude", redirectHost: "127.0.0.1:33418" });
    const hit = await callTool(client, "search_journal", { query: "river" });
    expect(hit.data.results.map((r: { title: string }) => r.title)).toEqual(["Morning walk"]);
    await client.close();

    // Settings lists the app with its last use.
    const listed = (await (await call(t, "GET", "/api/assistants", { user: person })).json()) as { kind: string; name: string; lastUsedAt: string | null }[];
    expect(listed.find((a) => a.kind === "oauth")).toMatchObject({ name: "Claude" });
    expect(listed.find((a) => a.kind === "oauth")!.lastUsedAt).not.toBeNull();

    const metadata = await discoverAuthorizationServerMetadata(ORIGIN, { fetchFn: appFetch(t) });
    const first = provider.saved!;
    expect(first.expires_in).toBe(900);
    const refreshed = await refreshAuthorization(ORIGIN, { metadata, clientInformation: provider.info!, refreshToken: first.refresh_token!, resource: new URL(`${ORIGIN}/mcp`), fetchFn: appFetch(t) });
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.access_token).not.toBe(first.access_token);
    const withRefreshed = await mcpStatus(refreshed.access_token);
    expect(withRefreshed).toBe(200);

    // The first refresh token again: someone else holds a copy. Every token of the connection goes.
    await expect(
      refreshAuthorization(ORIGIN, { metadata, clientInformation: provider.info!, refreshToken: first.refresh_token!, resource: new URL(`${ORIGIN}/mcp`), fetchFn: appFetch(t) }),
    ).rejects.toThrow(/already used/);
    expect(await mcpStatus(refreshed.access_token)).toBe(401);
    await expect(
      refreshAuthorization(ORIGIN, { metadata, clientInformation: provider.info!, refreshToken: refreshed.refresh_token!, resource: new URL(`${ORIGIN}/mcp`), fetchFn: appFetch(t) }),
    ).rejects.toThrow(/invalid or revoked/);
    const after = (await (await call(t, "GET", "/api/assistants", { user: person })).json()) as { kind: string }[];
    expect(after.filter((a) => a.kind === "oauth")).toEqual([]);
  });

  test("an older client registers dynamically, signs in and is revoked from Settings", async () => {
    const provider = new MemoryProvider("Editor agent");
    const { client } = await signIn(provider);
    expect(provider.info?.client_id).toMatch(/^vjc_/);
    expect((await callTool(client, "list_collections")).data.collections.map((c: { name: string }) => c.name)).toEqual(["Home"]);
    await client.close();
    const listed = (await (await call(t, "GET", "/api/assistants", { user: person })).json()) as { id: string; name: string }[];
    const app = listed.find((a) => a.name === "Editor agent")!;
    expect((await call(t, "DELETE", `/api/assistants/${app.id}`, { user: person })).status).toBe(200);
    expect(await mcpStatus(provider.saved!.access_token)).toBe(401);
    // Its refresh token is refused too.
    const metadata = await discoverAuthorizationServerMetadata(ORIGIN, { fetchFn: appFetch(t) });
    await expect(refreshAuthorization(ORIGIN, { metadata, clientInformation: provider.info!, refreshToken: provider.saved!.refresh_token!, fetchFn: appFetch(t) })).rejects.toThrow();
  });

  test("the token endpoint refuses a wrong code_verifier, and the code is spent by the attempt", async () => {
    const provider = new MemoryProvider("Verifier test", clientId);
    const metadata = await discoverAuthorizationServerMetadata(ORIGIN, { fetchFn: appFetch(t) });
    const clientInformation = { client_id: clientId };
    const { authorizationUrl, codeVerifier } = await startAuthorization(ORIGIN, { metadata, clientInformation, redirectUrl: REDIRECT, resource: new URL(`${ORIGIN}/mcp`), scope: "read" });
    const code = (await consent(authorizationUrl)).redirectTo.searchParams.get("code")!;
    const wrong = codeVerifier.slice(0, -1) + (codeVerifier.endsWith("A") ? "B" : "A");
    const exchange = (verifier: string) =>
      exchangeAuthorization(ORIGIN, { metadata, clientInformation, authorizationCode: code, codeVerifier: verifier, redirectUri: REDIRECT, resource: new URL(`${ORIGIN}/mcp`), fetchFn: appFetch(t) });
    await expect(exchange(wrong)).rejects.toThrow(/code_verifier/);
    await expect(exchange(codeVerifier)).rejects.toThrow(/already used/);
    expect(provider.saved).toBeUndefined();
  });

  test("a redirect URI one character off is refused without redirecting; a missing resource goes back as invalid_target", async () => {
    const metadata = await discoverAuthorizationServerMetadata(ORIGIN, { fetchFn: appFetch(t) });
    const clientInformation = { client_id: clientId };
    const { authorizationUrl } = await startAuthorization(ORIGIN, { metadata, clientInformation, redirectUrl: REDIRECT, resource: new URL(`${ORIGIN}/mcp`) });

    const offByOne = new URL(authorizationUrl);
    offByOne.searchParams.set("redirect_uri", REDIRECT.replace("callback", "callbacK"));
    const refused = await t.app.request(offByOne.toString());
    expect(refused.status).toBe(400);
    expect(refused.headers.get("location")).toBeNull();
    expect(await refused.json()).toMatchObject({ error: "invalid_request", error_description: expect.stringMatching(/redirect_uri/) });

    const noResource = new URL(authorizationUrl);
    noResource.searchParams.delete("resource");
    const back = await t.app.request(noResource.toString());
    expect(back.status).toBe(302);
    const to = new URL(back.headers.get("location")!);
    expect(to.origin + to.pathname).toBe(REDIRECT);
    expect(to.searchParams.get("error")).toBe("invalid_target");
    expect(to.searchParams.get("iss")).toBe(ORIGIN);

    const otherResource = new URL(authorizationUrl);
    otherResource.searchParams.set("resource", "https://elsewhere.example/mcp");
    expect(new URL((await t.app.request(otherResource.toString())).headers.get("location")!).searchParams.get("error")).toBe("invalid_target");

    const plain = new URL(authorizationUrl);
    plain.searchParams.set("code_challenge_method", "plain");
    expect(new URL((await t.app.request(plain.toString())).headers.get("location")!).searchParams.get("error")).toBe("invalid_request");
  });

  test("Deny sends the person back to the client with access_denied; the request cannot be answered twice", async () => {
    const metadata = await discoverAuthorizationServerMetadata(ORIGIN, { fetchFn: appFetch(t) });
    const { authorizationUrl } = await startAuthorization(ORIGIN, { metadata, clientInformation: { client_id: clientId }, redirectUrl: REDIRECT, resource: new URL(`${ORIGIN}/mcp`), state: "s-123" });
    const res = await t.app.request(authorizationUrl.toString());
    const id = res.headers.get("location")!.split("/").pop()!;
    const denied = (await (await call(t, "POST", `/api/oauth/requests/${id}/decision`, { user: person, json: { allow: false } })).json()) as { redirectTo: string };
    const to = new URL(denied.redirectTo);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({ error: "access_denied", state: "s-123", iss: ORIGIN });
    expect((await call(t, "POST", `/api/oauth/requests/${id}/decision`, { user: person, json: { allow: true } })).status).toBe(404);
    expect((await call(t, "GET", `/api/oauth/requests/${id}`, { user: person })).status).toBe(404);
  });

  test("token revocation (RFC 7009) ends the connection", async () => {
    const provider = new MemoryProvider("Revoked by client", clientId);
    const { client } = await signIn(provider);
    await client.close();
    const res = await t.app.request("/oauth/revoke", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: provider.saved!.refresh_token! }) });
    expect(res.status).toBe(200);
    expect(await mcpStatus(provider.saved!.access_token)).toBe(401);
  });

  const mcpStatus = async (token: string) =>
    (
      await t.app.request("/mcp", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } } }),
      })
    ).status;
});

describe.each(dbKinds)("the consent page with Supabase auth on %s", (kind) => {
  const SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { SUPABASE_URL: "https://project-ref.supabase.co", SUPABASE_JWT_SECRET: SECRET });
  });
  afterAll(() => t.close());

  test("the person answers with the project's session; the assistant reads their journal; the project's token is refused at /mcp", async () => {
    const id = crypto.randomUUID();
    const session = await new SignJWT({ role: "authenticated", aal: "aal1", session_id: crypto.randomUUID(), email: "sb@example.com" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer("https://project-ref.supabase.co/auth/v1")
      .setAudience("authenticated")
      .setSubject(id)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(SECRET));
    const headers = { authorization: `Bearer ${session}` };
    const made = await t.app.request("/api/domains", { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ name: "Supabase home", primaryColor: "#3b82f6", isDefault: true, userId: "" }) });
    expect(made.status).toBe(201);

    const metadata = await discoverAuthorizationServerMetadata(ORIGIN, { fetchFn: appFetch(t) });
    const registered = (await (await t.app.request("/oauth/register", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "ChatGPT", redirect_uris: [REDIRECT] }) })).json()) as { client_id: string };
    const clientInformation = { client_id: registered.client_id };
    const { authorizationUrl, codeVerifier } = await startAuthorization(ORIGIN, { metadata, clientInformation, redirectUrl: REDIRECT, resource: new URL(`${ORIGIN}/mcp`) });
    const consentId = (await t.app.request(authorizationUrl.toString())).headers.get("location")!.split("/").pop()!;
    const shown = await t.app.request(`/api/oauth/requests/${consentId}`, { headers });
    expect(await shown.json()).toMatchObject({ clientName: "ChatGPT" });
    const decided = await t.app.request(`/api/oauth/requests/${consentId}/decision`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ allow: true }) });
    const code = new URL(((await decided.json()) as { redirectTo: string }).redirectTo).searchParams.get("code")!;
    const tokens = await exchangeAuthorization(ORIGIN, { metadata, clientInformation, authorizationCode: code, codeVerifier, redirectUri: REDIRECT, resource: new URL(`${ORIGIN}/mcp`), fetchFn: appFetch(t) });

    const client = new Client({ name: "ChatGPT", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(MCP_URL), { fetch: appFetch(t), requestInit: { headers: { authorization: `Bearer ${tokens.access_token}` } } }));
    expect((await callTool(client, "list_collections")).data.collections.map((c: { name: string }) => c.name)).toEqual(["Supabase home"]);
    await client.close();

    const refused = await t.app.request("/mcp", { method: "POST", headers: { ...headers, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("resource_metadata=");
    // And the assistant's token is no session of the app.
    expect((await t.app.request("/api/domains", { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
  });
});
