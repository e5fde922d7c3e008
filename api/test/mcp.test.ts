import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { summariesRepository } from "../src/repositories/summaries.js";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { callTool, createAssistantToken, mcpClient, mcpPost } from "./support/mcp.js";
import { seedNotes } from "./support/notes.js";

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

type ToolAnswer = { result: { structuredContent: { notes: Record<string, unknown>[] } } };

/** A tools/call as a stateless client sends it, one request of its own. */
const toolCall = (t: TestApp, token: string, name: string, args: Record<string, unknown>) =>
  mcpPost(t, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name, arguments: args } }, { authorization: `Bearer ${token}`, "mcp-protocol-version": "2025-11-25" });

describe.each(dbKinds)("the MCP server on %s", (kind) => {
  let t: TestApp;
  let ana: TestUser;
  let ben: TestUser;
  let anaToken: string;
  let benToken: string;
  let home: { id: string; slug: string; name: string };
  let work: { id: string; slug: string; name: string };
  let garden: string;
  let benNote: string;
  let rangeIds: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    ana = await createUser(t.deps);
    ben = await createUser(t.deps);
    // Ana lives in Lisbon's zone; Ben's notes hold the same words.
    await t.deps.database.db.updateTable("users").set({ time_zone: "Europe/Lisbon" }).where("id", "=", ana.id).execute();
    home = await createDomain(t, ana, { name: "Home", isDefault: true });
    work = await createDomain(t, ana, { name: "Work" });
    const benHome = await createDomain(t, ben, { name: "Home", isDefault: true });
    garden = (await seedNotes(t, ana.id, home.id, [
      { at: "2026-03-10T18:30:00Z", title: "Garden plans", transcription: "Plant the tomatoes by the fence.\nThen water them every morning.", duration: 65 },
      { at: "2025-03-10T09:00:00Z", title: "A year ago", transcription: "Tomatoes did badly this year." },
    ]))[0]!;
    await seedNotes(t, ana.id, work.id, [{ at: "2026-03-09T10:00:00Z", title: "Standup", transcription: "Quarterly report is late." }]);
    benNote = (await seedNotes(t, ben.id, benHome.id, [{ at: "2026-03-10T12:00:00Z", title: "Ben's garden", transcription: "Plant the tomatoes near the shed." }]))[0]!;
    // Thirty-seven notes in April for paging, two of them at the same instant.
    const april = Array.from({ length: 37 }, (_, i) => ({ at: new Date(Date.UTC(2026, 3, 1 + (i % 20), 8, i === 36 ? 0 : i)), title: `April ${i}` }));
    rangeIds = await seedNotes(t, ana.id, home.id, april);
    await summariesRepository(t.deps.database.db).insert({
      userId: ana.id, domainId: home.id, summaryTypeId: null, period: "day", periodKey: "2026-03-10", prompt: null, responseLength: "short",
      content: "A day of garden plans: tomatoes by the fence.", themes: ["garden"], totalVoiceNotes: 1, totalDuration: 65, wordsTranscribed: 12, engine: "extractive",
    });
    anaToken = (await createAssistantToken(t, ana)).token;
    benToken = (await createAssistantToken(t, ben, "Ben's script")).token;
  });
  afterAll(() => t.close());

  test("tools/list names the six read-only tools, each with an input schema and a description", async () => {
    const client = await mcpClient(t, anaToken);
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(["get_note", "get_summaries", "list_collections", "list_notes", "on_this_day", "search_journal"]);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe("object");
    }
    expect(tools.find((x) => x.name === "search_journal")!.inputSchema.required).toEqual(["query"]);
    expect(client.getServerVersion()?.name).toBe("voice-journal");
    await client.close();
  });

  test("search_journal finds the person's note with its local time, collection, snippet and link", async () => {
    const client = await mcpClient(t, anaToken);
    const { text, data, isError } = await callTool(client, "search_journal", { query: "tomatoes fence" });
    expect(isError).toBe(false);
    // The note, and the day's summary that holds the same words (linked to the summary tab).
    expect(data.results.map((r: { kind: string }) => r.kind).sort()).toEqual(["note", "summary"]);
    expect(data.results.find((r: { kind: string }) => r.kind === "summary").link).toBe(`http://localhost/${home.slug}?date=2026-03-10&tab=summary`);
    const hit = data.results.find((r: { kind: string }) => r.kind === "note");
    // 18:30 UTC in March is 18:30 in Lisbon (no summer time yet); the day is the person's.
    expect(hit).toMatchObject({ id: garden, title: "Garden plans", date: "2026-03-10", time: "18:30", collection: "Home" });
    expect(hit.snippet).toContain("fence");
    expect(hit.link).toBe(`http://localhost/${home.slug}?date=2026-03-10&note=${garden}`);
    expect(text).toContain(`[Garden plans](http://localhost/${home.slug}?date=2026-03-10&note=${garden})`);
    // Words are words: what looks like query syntax is searched for as text.
    expect((await callTool(client, "search_journal", { query: "tomatoes OR -fence" })).data.results).toEqual([]);
    // A collection by name; a range of days.
    expect((await callTool(client, "search_journal", { query: "tomatoes", collection: "Work" })).data.results).toEqual([]);
    const lastYear = await callTool(client, "search_journal", { query: "tomatoes", from: "2025-01-01", to: "2025-12-31" });
    expect(lastYear.data.results.map((r: { title: string }) => r.title)).toEqual(["A year ago"]);
    await client.close();
  });

  test("two people with the same words: each assistant sees only its person's notes", async () => {
    const anaClient = await mcpClient(t, anaToken);
    const benClient = await mcpClient(t, benToken);
    const anas = (await callTool(anaClient, "search_journal", { query: "plant the tomatoes" })).data.results;
    const bens = (await callTool(benClient, "search_journal", { query: "plant the tomatoes" })).data.results;
    expect(anas.map((r: { id: string }) => r.id)).toEqual([garden]);
    expect(bens.map((r: { id: string }) => r.id)).toEqual([benNote]);
    // Ben's note id in Ana's assistant is not found, exactly like an id that never existed.
    const foreign = await callTool(anaClient, "get_note", { id: benNote });
    expect(foreign).toMatchObject({ isError: true, text: "not found" });
    expect(await callTool(anaClient, "get_note", { id: crypto.randomUUID() })).toMatchObject({ isError: true, text: "not found" });
    const benNotes = await callTool(benClient, "list_notes", { from: "2026-03-01", to: "2026-03-31" });
    expect(benNotes.data.notes.map((n: { id: string }) => n.id)).toEqual([benNote]);
    await anaClient.close();
    await benClient.close();
  });

  test("get_note answers the whole transcript with duration, collection, date and link; no audio", async () => {
    const client = await mcpClient(t, anaToken);
    const { text, data } = await callTool(client, "get_note", { id: garden });
    expect(data).toMatchObject({ id: garden, title: "Garden plans", duration: 65, collection: "Home", date: "2026-03-10", time: "18:30" });
    expect(data.transcript).toBe("Plant the tomatoes by the fence.\nThen water them every morning.");
    expect(text).toContain("Then water them every morning.");
    expect(text).toContain("1:05");
    expect(JSON.stringify(data)).not.toMatch(/audio/i);
    await client.close();
  });

  test("list_collections, get_summaries and on_this_day", async () => {
    const client = await mcpClient(t, anaToken);
    const collections = (await callTool(client, "list_collections")).data.collections;
    expect(collections.map((c: { name: string }) => c.name).sort()).toEqual(["Home", "Work"]);
    const summaries = await callTool(client, "get_summaries", { period: "day", date: "2026-03-10" });
    expect(summaries.data.summaries).toHaveLength(1);
    expect(summaries.data.summaries[0]).toMatchObject({ type: "General summary", collection: "Home", status: "ready", content: "A day of garden plans: tomatoes by the fence." });
    expect(summaries.text).toContain("A day of garden plans");
    expect((await callTool(client, "get_summaries", { period: "day", date: "2026-03-11" })).data.summaries).toEqual([]);
    const back = await callTool(client, "on_this_day", { date: "2026-03-10" });
    expect(back.data.days).toHaveLength(1);
    expect(back.data.days[0]).toMatchObject({ date: "2025-03-10", ago: "one year ago", total: 1 });
    expect(back.data.days[0].notes[0].title).toBe("A year ago");
    expect(back.text).toContain("one year ago");
    await client.close();
  });

  test("list_notes pages through a range newest first with no duplicate and no gap", async () => {
    const client = await mcpClient(t, anaToken);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { data } = await callTool(client, "list_notes", { from: "2026-04-01", to: "2026-04-30", limit: 10, ...(cursor ? { cursor } : {}) });
      seen.push(...data.notes.map((n: { id: string }) => n.id));
      cursor = data.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...rangeIds].sort());
    // Newest first: each page's dates never go up.
    const created = await t.deps.database.db.selectFrom("voice_notes").select(["id", "created_at"]).where("id", "in", seen).execute();
    const at = new Map(created.map((r) => [r.id, r.created_at.getTime()]));
    for (let i = 1; i < seen.length; i++) expect(at.get(seen[i]!)!).toBeLessThanOrEqual(at.get(seen[i - 1]!)!);
    // A made-up cursor is refused with a readable message.
    const bad = await callTool(client, "list_notes", { from: "2026-04-01", to: "2026-04-30", cursor: "nonsense" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/cursor/);
    await client.close();
  });

  test("a wrong argument is a tool error the assistant can read", async () => {
    const client = await mcpClient(t, anaToken);
    const r = await callTool(client, "list_notes", { from: "2026-02-30", to: "2026-03-01" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/real day/);
    expect(r.text).not.toMatch(/at .*\.ts:\d+/);
    const c = await callTool(client, "search_journal", { query: "x", collection: "Nope" });
    expect(c).toMatchObject({ isError: true });
    expect(c.text).toContain("Collection not found");
    await client.close();
  });

  test("a revoked token is refused at the next request with WWW-Authenticate", async () => {
    const { token, id } = await createAssistantToken(t, ana, "Short-lived");
    expect((await mcpPost(t, initialize, { authorization: `Bearer ${token}` })).status).toBe(200);
    const list = (await (await call(t, "GET", "/api/assistants", { user: ana })).json()) as { id: string; name: string; lastUsedAt: string | null }[];
    expect(list.find((a) => a.id === id)).toMatchObject({ name: "Short-lived" });
    expect(list.find((a) => a.id === id)!.lastUsedAt).not.toBeNull();
    // Ben cannot revoke Ana's token: not found.
    await expectError(await call(t, "DELETE", `/api/assistants/${id}`, { user: ben }), 404, "not_found");
    expect((await call(t, "DELETE", `/api/assistants/${id}`, { user: ana })).status).toBe(200);
    const res = await mcpPost(t, initialize, { authorization: `Bearer ${token}` });
    await expectError(res, 401, "unauthorized");
    expect(res.headers.get("www-authenticate")).toBe(
      'Bearer resource_metadata="http://localhost/.well-known/oauth-protected-resource/mcp", error="invalid_token", error_description="The access token is invalid, revoked or expired"',
    );
    const after = (await (await call(t, "GET", "/api/assistants", { user: ana })).json()) as { id: string }[];
    expect(after.map((a) => a.id)).not.toContain(id);
  });

  test("a token revoked outside this process is refused at its next call, though this process answered it a moment ago", async () => {
    const { token, id } = await createAssistantToken(t, ana, "Revoked elsewhere");
    const april = await toolCall(t, token, "list_notes", { from: "2026-04-01", to: "2026-04-30", limit: 5 });
    expect(april.status).toBe(200);
    expect(((await april.json()) as ToolAnswer).result.structuredContent.notes).toHaveLength(5);
    expect((await toolCall(t, token, "search_journal", { query: "tomatoes" })).status).toBe(200);
    // Another API process revokes it: this one hears nothing of it.
    await t.deps.database.db.updateTable("assistant_grants").set({ revoked_at: new Date() }).where("id", "=", id).execute();
    await expectError(await toolCall(t, token, "list_notes", { from: "2026-04-01", to: "2026-04-30", limit: 5 }), 401, "unauthorized");
    await expectError(await toolCall(t, token, "search_journal", { query: "tomatoes" }), 401, "unauthorized");
    await expectError(await toolCall(t, token, "list_notes", { from: "2026-01-01", to: "2026-01-02" }), 401, "unauthorized");
  });

  test("a person's new time zone is used from their assistant's next call on", async () => {
    const dana = await createUser(t.deps);
    const journal = await createDomain(t, dana, { name: "Journal", isDefault: true });
    await seedNotes(t, dana.id, journal.id, [{ at: "2026-03-10T23:30:00Z", title: "Late walk", transcription: "Stars over the river." }]);
    const { token } = await createAssistantToken(t, dana);
    const listed = async () => ((await (await toolCall(t, token, "list_notes", { from: "2026-03-10", to: "2026-03-11" })).json()) as ToolAnswer).result.structuredContent.notes;
    expect(await listed()).toMatchObject([{ title: "Late walk", date: "2026-03-10", time: "23:30" }]);
    await t.deps.database.db.updateTable("users").set({ time_zone: "Asia/Tokyo" }).where("id", "=", dana.id).execute();
    expect(await listed()).toMatchObject([{ title: "Late walk", date: "2026-03-11", time: "08:30" }]);
    // The account disabled: refused at once, the page read for it or not.
    await t.deps.database.db.updateTable("users").set({ disabled_at: new Date() }).where("id", "=", dana.id).execute();
    await expectError(await toolCall(t, token, "list_notes", { from: "2026-03-10", to: "2026-03-11" }), 401, "unauthorized");
  });

  test("an expired OAuth access token is refused with WWW-Authenticate", async () => {
    const { hashToken } = await import("../src/auth/opaque-tokens.js");
    const { assistantAccessRepository } = await import("../src/repositories/assistant-access.js");
    const token = "vjoa_expired-for-the-test";
    await assistantAccessRepository(t.deps.database.db).createGrant({ userId: ana.id, kind: "oauth", name: "Old app" }, [
      { hash: hashToken(token), kind: "access", expiresAt: new Date(Date.now() - 1000) },
    ]);
    const res = await mcpPost(t, initialize, { authorization: `Bearer ${token}` });
    await expectError(res, 401, "unauthorized");
    expect(res.headers.get("www-authenticate")).toContain('resource_metadata="http://localhost/.well-known/oauth-protected-resource/mcp"');
    // The hourly cleanup removes it, and leaves live tokens alone.
    const stored = () => t.deps.database.db.selectFrom("assistant_credentials").select("token_hash").execute();
    const before = (await stored()).length;
    await assistantAccessRepository(t.deps.database.db).deleteExpired();
    expect((await stored()).map((r) => r.token_hash)).not.toContain(hashToken(token));
    expect((await stored()).length).toBe(before - 1);
    expect((await mcpPost(t, initialize, { authorization: `Bearer ${anaToken}` })).status).toBe(200);
  });

  test("no token: 401 naming the resource metadata; the app's session token is refused at /mcp", async () => {
    const none = await mcpPost(t, initialize);
    await expectError(none, 401, "unauthorized");
    expect(none.headers.get("www-authenticate")).toBe('Bearer resource_metadata="http://localhost/.well-known/oauth-protected-resource/mcp"');
    const session = await mcpPost(t, initialize, { authorization: `Bearer ${ana.token}` });
    await expectError(session, 401, "unauthorized");
    expect(session.headers.get("www-authenticate")).toContain("invalid_token");
  });

  test("a disabled account's tokens are refused at /mcp", async () => {
    const carl = await createUser(t.deps);
    const { token } = await createAssistantToken(t, carl);
    expect((await mcpPost(t, initialize, { authorization: `Bearer ${token}` })).status).toBe(200);
    await t.deps.database.db.updateTable("users").set({ disabled_at: new Date() }).where("id", "=", carl.id).execute();
    await expectError(await mcpPost(t, initialize, { authorization: `Bearer ${token}` }), 401, "unauthorized");
  });

  test("an assistant token is refused by the rest of the API", async () => {
    for (const path of ["/api/voice-notes?period=day&periodKey=2026-03-10", "/api/search?q=tomatoes", "/api/domains", "/api/assistants"]) {
      await expectError(await call(t, "GET", path, { headers: { authorization: `Bearer ${anaToken}` } }), 401, "unauthorized");
    }
    // Nor can it make more tokens.
    await expectError(await call(t, "POST", "/api/assistants/tokens", { headers: { authorization: `Bearer ${anaToken}` }, json: { name: "x" } }), 401, "unauthorized");
  });

  test("a token is shown once: the list never answers it", async () => {
    const res = await call(t, "POST", "/api/assistants/tokens", { user: ana, json: { name: "Script" } });
    expect(res.status).toBe(201);
    const { token, assistant } = (await res.json()) as { token: string; assistant: { id: string; scope: string; kind: string } };
    expect(token).toMatch(/^vjat_[A-Za-z0-9_-]{43}$/);
    expect(assistant).toMatchObject({ scope: "read", kind: "token" });
    const listed = await (await call(t, "GET", "/api/assistants", { user: ana })).text();
    expect(listed).not.toContain(token);
    const stored = await t.deps.database.db.selectFrom("assistant_credentials").select("token_hash").execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    await expectError(await call(t, "POST", "/api/assistants/tokens", { user: ana, json: { name: " " } }), 400, "validation_failed");
  });

  test("a browser client on the app's own origin may read the 401's WWW-Authenticate (CORS); another origin gets no preflight", async () => {
    const preflight = await t.app.request("/mcp", {
      method: "OPTIONS",
      headers: { origin: "http://localhost", "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost");
    const res = await mcpPost(t, initialize, { origin: "http://localhost" });
    expect(res.status).toBe(401);
    expect(res.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");
    const other = await t.app.request("/mcp", { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
    expect(other.status).toBe(403);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("Origin from another site is refused; an oversized body is refused", async () => {
    await expectError(await mcpPost(t, initialize, { authorization: `Bearer ${anaToken}`, origin: "https://evil.example" }), 403, "forbidden");
    expect((await mcpPost(t, initialize, { authorization: `Bearer ${anaToken}`, origin: "http://localhost" })).status).toBe(200);
    const big = JSON.stringify({ ...initialize, params: { ...initialize.params, padding: "x".repeat(70 * 1024) } });
    await expectError(await mcpPost(t, big, { authorization: `Bearer ${anaToken}` }), 413, "payload_too_large");
  });
});

describe("the MCP rate limit", () => {
  test("past the per-person limit /mcp answers 429 with Retry-After; another person is not held back", async () => {
    const t = await createTestApp("pglite", { MCP_RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const a = await createUser(t.deps);
      const b = await createUser(t.deps);
      const ta = (await createAssistantToken(t, a)).token;
      const tb = (await createAssistantToken(t, b)).token;
      for (let i = 0; i < 3; i++) expect((await mcpPost(t, initialize, { authorization: `Bearer ${ta}` })).status).toBe(200);
      const limited = await mcpPost(t, initialize, { authorization: `Bearer ${ta}` });
      await expectError(limited, 429, "rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await mcpPost(t, initialize, { authorization: `Bearer ${tb}` })).status).toBe(200);
      // Guessed tokens count against the address: past the same rate, 429 before any lookup.
      for (let i = 0; i < 3; i++) await expectError(await mcpPost(t, initialize, { authorization: `Bearer vjat_guess${i}` }), 401, "unauthorized");
      await expectError(await mcpPost(t, initialize, { authorization: "Bearer vjat_guess4" }), 429, "rate_limited");
    } finally {
      await t.close();
    }
  });
});
