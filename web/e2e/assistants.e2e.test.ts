import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { captureScreen } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] assistants journey skipped: ${missing}`);

describe.skipIf(missing !== null)("an assistant signs in to the journal in Chromium against the real API", () => {
  const baseUrl = inject("baseUrl");
  let user: TestUser;
  let browser: Browser | undefined;
  let callback: http.Server;
  let redirectUrl: string;
  const codes: string[] = [];

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "assistant");
    const api = apiAs(baseUrl, user);
    const home = await api.createCollection({ name: "Field Notes", primaryColor: "#0d9488", isDefault: true });
    const note = await api.uploadNote({ domainId: home.id, title: "Heron at dawn", createdAt: "2026-03-10T07:00:00.000Z" });
    await api.setTranscript(note.id, "A grey heron stood in the reeds at dawn.");
    // The assistant's loopback listener, where the browser lands with the code.
    callback = http.createServer((req, res) => {
      const code = new URL(req.url ?? "/", "http://127.0.0.1").searchParams.get("code");
      if (code) codes.push(code);
      res.setHeader("content-type", "text/html");
      res.end("<!doctype html><title>Connected</title><h1>You can close this window.</h1>");
    });
    await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
    redirectUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => callback?.close(resolve));
  });

  it("discovers, registers, sends the person to the consent page (sign-in first), gets a token on Allow and reads; Settings lists it", async () => {
    let authorizationUrl: URL | undefined;
    let info: OAuthClientInformationMixed | undefined;
    let tokens: OAuthTokens | undefined;
    let verifier = "";
    const provider: OAuthClientProvider = {
      get redirectUrl() {
        return redirectUrl;
      },
      get clientMetadata() {
        return { client_name: "Claude", redirect_uris: [redirectUrl], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
      },
      clientInformation: () => info,
      saveClientInformation: (i) => void (info = i),
      tokens: () => tokens,
      saveTokens: (t) => void (tokens = t),
      redirectToAuthorization: (url) => void (authorizationUrl = url),
      saveCodeVerifier: (v) => void (verifier = v),
      codeVerifier: () => verifier,
    };
    const mcp = new URL(`${baseUrl}/mcp`);
    const transport = new StreamableHTTPClientTransport(mcp, { authProvider: provider });
    await expect(new Client({ name: "Claude", version: "1" }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(authorizationUrl).toBeDefined();

    // The person follows the link in a browser where they are not signed in yet.
    const page = browser!.context.pages()[0] ?? (await browser!.context.newPage());
    await page.goto(authorizationUrl!.toString());
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    const title = page.getByTestId("consent-title");
    await title.getByText("Claude wants to read your notes, summaries and collections", { exact: true }).waitFor();
    expect(page.url()).toMatch(new RegExp(`^${baseUrl}/authorize/[A-Za-z0-9_-]+$`));
    await page.getByText(user.email).waitFor();
    await captureScreen(page, "assistant-consent", () => title.waitFor());

    await page.getByRole("button", { name: "Allow", exact: true }).click();
    await page.getByRole("heading", { name: "You can close this window." }).waitFor();
    const landed = new URL(page.url());
    expect(landed.searchParams.get("iss")).toBe(baseUrl);
    expect(codes).toHaveLength(1);

    await transport.finishAuth(codes[0]!);
    const client = new Client({ name: "Claude", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(mcp, { authProvider: provider }));
    const result = (await client.callTool({ name: "search_journal", arguments: { query: "heron" } })) as CallToolResult;
    expect((result.structuredContent as { results: { title: string }[] }).results.map((r) => r.title)).toEqual(["Heron at dawn"]);
    await client.close();

    // Settings: the app with its last use, and a token made for a client configured by hand.
    await page.goto(`${baseUrl}/settings#connected-assistants`);
    const list = page.getByTestId("connected-assistants");
    await list.getByText("Claude", { exact: true }).waitFor();
    await list.getByText(/Signed in · read only · last used/).waitFor();
    await page.getByLabel("New access token, for assistants configured with a token").fill("Claude Desktop");
    await page.getByRole("button", { name: "Create token" }).click();
    const shown = page.getByTestId("new-assistant-token");
    await shown.getByText("Copy this token now: it won't be shown again.").waitFor();
    const token = await shown.getByRole("textbox", { name: "Access token (read only)" }).inputValue();
    expect(token).toMatch(/^vjat_/);
    await list.getByText("Claude Desktop", { exact: true }).waitFor();
    await page.locator("#connected-assistants").scrollIntoViewIfNeeded();
    await captureScreen(page, "connected-assistants", () => list.getByText("Claude Desktop", { exact: true }).waitFor());

    // Revoked from Settings: the next request with the token is refused.
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByRole("button", { name: "Revoke Claude Desktop" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
    await list.getByText("Claude Desktop", { exact: true }).waitFor({ state: "detached" });
    const refused = await fetch(`${baseUrl}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(refused.status).toBe(401);
  });
});
