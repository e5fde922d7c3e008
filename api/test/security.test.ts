import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { summariesRepository } from "../src/repositories/summaries.js";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { audioDir, filesUnder } from "./support/audio.js";
import { noteForm } from "./support/multipart.js";
import { productRouteInventory } from "./support/route-inventory.js";

interface Ids {
  domain: string;
  note: string;
  type: string;
  summary: string;
  thread: string;
  /** One of the owner's connected assistants (an access token). */
  assistant: string;
}

interface Route {
  method: string;
  path: (ids: Ids) => string;
  json?: (ids: Ids) => unknown;
  form?: (ids: Ids) => FormData;
  /** Whether the route names one of the owner's resources (then another user gets 404). */
  owned: boolean;
  /** Answered without a token (the sign-up policy). */
  public?: true;
  /** /api/admin: anyone but an admin gets the 404 of a path that does not exist. */
  admin?: true;
}

const q = "period=day&periodKey=2026-03-10";

/** Every product route (SPEC §7 plus the additions of DESIGN §6). */
const ROUTES: Route[] = [
  { method: "GET", path: () => "/api/domains", owned: false },
  { method: "GET", path: () => "/api/domains/default", owned: false },
  { method: "POST", path: () => "/api/domains", json: () => ({ name: "Intruder", primaryColor: "#000000" }), owned: false },
  { method: "GET", path: (i) => `/api/domains/${i.domain}/stats`, owned: true },
  { method: "GET", path: (i) => `/api/domains/${i.domain}/contents`, owned: true },
  { method: "PATCH", path: (i) => `/api/domains/${i.domain}`, json: () => ({ name: "hacked" }), owned: true },
  { method: "DELETE", path: (i) => `/api/domains/${i.domain}`, owned: true },
  { method: "GET", path: (i) => `/api/voice-notes?${q}&domainId=${i.domain}`, owned: true },
  { method: "POST", path: () => "/api/voice-notes", form: (i) => noteForm({ domainId: i.domain, clientId: "intruder" }), owned: true },
  { method: "GET", path: (i) => `/api/voice-notes/${i.note}/audio`, owned: true },
  { method: "PATCH", path: (i) => `/api/voice-notes/${i.note}`, json: () => ({ title: "hacked", transcription: "hacked" }), owned: true },
  { method: "DELETE", path: (i) => `/api/voice-notes/${i.note}`, owned: true },
  { method: "POST", path: (i) => `/api/voice-notes/${i.note}/transcribe`, owned: true },
  { method: "GET", path: (i) => `/api/summary-types?domainId=${i.domain}`, owned: true },
  { method: "POST", path: () => "/api/summary-types", json: (i) => ({ domainId: i.domain, name: "x", prompt: "y" }), owned: true },
  { method: "PATCH", path: (i) => `/api/summary-types/${i.type}`, json: () => ({ name: "hacked" }), owned: true },
  { method: "DELETE", path: (i) => `/api/summary-types/${i.type}`, owned: true },
  { method: "GET", path: (i) => `/api/summaries?${q}&domainId=${i.domain}`, owned: true },
  {
    method: "POST",
    path: () => "/api/summaries/generate",
    json: (i) => ({ period: "day", periodKey: "2026-03-10", domainId: i.domain, isGeneralSummary: true, responseLength: "short" }),
    owned: true,
  },
  { method: "DELETE", path: (i) => `/api/summaries/${i.summary}`, owned: true },
  { method: "GET", path: (i) => `/api/search?q=private&domainId=${i.domain}`, owned: true },
  { method: "GET", path: (i) => `/api/calendar?month=2026-03&domainId=${i.domain}`, owned: true },
  { method: "GET", path: () => "/api/on-this-day?date=2027-03-10", owned: false },
  { method: "GET", path: () => "/api/reminders", owned: false },
  { method: "PUT", path: () => "/api/reminders", json: () => ({ enabled: true, time: "20:00", days: [1], onlyIfNoNote: true, tz: "UTC" }), owned: false },
  { method: "GET", path: () => "/api/push/public-key", owned: false },
  {
    method: "POST",
    path: () => "/api/push/subscriptions",
    json: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/intruder", keys: { p256dh: "BA".padEnd(87, "A"), auth: "AAAAAAAAAAAAAAAAAAAAAA" } }),
    owned: false,
  },
  { method: "DELETE", path: () => "/api/push/subscriptions", json: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/owner" }), owned: false },
  { method: "POST", path: () => "/api/chat", json: (i) => ({ question: "What is private?", domainId: i.domain }), owned: true },
  { method: "POST", path: () => "/api/chat", json: (i) => ({ question: "And more?", domainId: i.domain, threadId: i.thread }), owned: true },
  { method: "GET", path: (i) => `/api/chat/threads?domainId=${i.domain}`, owned: true },
  { method: "GET", path: (i) => `/api/chat/threads/${i.thread}`, owned: true },
  { method: "DELETE", path: (i) => `/api/chat/threads/${i.thread}`, owned: true },
  { method: "GET", path: (i) => `/api/export?domainId=${i.domain}`, owned: true },
  { method: "GET", path: () => "/api/events", owned: false },
  { method: "POST", path: () => "/api/import", form: () => importForm(), owned: false },
  { method: "DELETE", path: () => "/api/auth/delete-account", owned: false },
  { method: "GET", path: () => "/api/account", owned: false },
  { method: "GET", path: () => "/api/signup-policy?invitation=x", owned: false, public: true },
  { method: "GET", path: () => "/api/assistants", owned: false },
  { method: "POST", path: () => "/api/assistants/tokens", json: () => ({ name: "Intruder" }), owned: false },
  { method: "DELETE", path: (i) => `/api/assistants/${i.assistant}`, owned: true },
  // An authorization request is nobody's until answered: whoever is signed in answers for themselves.
  { method: "GET", path: () => "/api/oauth/requests/unknown-request-id-000", owned: false },
  { method: "POST", path: () => "/api/oauth/requests/unknown-request-id-000/decision", json: () => ({ allow: true }), owned: false },
  { method: "GET", path: () => "/api/admin/accounts", owned: false, admin: true },
  { method: "PATCH", path: (i) => `/api/admin/accounts/${i.note}`, json: () => ({ isAdmin: true }), owned: false, admin: true },
  { method: "DELETE", path: (i) => `/api/admin/accounts/${i.note}`, owned: false, admin: true },
  { method: "GET", path: () => "/api/admin/invitations", owned: false, admin: true },
  { method: "POST", path: () => "/api/admin/invitations", json: () => ({}), owned: false, admin: true },
  { method: "DELETE", path: (i) => `/api/admin/invitations/${i.note}`, owned: false, admin: true },
  { method: "GET", path: () => "/api/admin/settings", owned: false, admin: true },
  { method: "PATCH", path: () => "/api/admin/settings", json: () => ({ signups: "open" }), owned: false, admin: true },
  { method: "POST", path: () => "/api/admin/ai-test", json: () => ({}), owned: false, admin: true },
  { method: "GET", path: () => "/api/admin/state", owned: false, admin: true },
];

/** An import that restores nothing: what an intruder might send to another's account. */
function importForm(): FormData {
  const form = new FormData();
  form.append("file", new Blob(["not a zip"], { type: "application/zip" }), "x.zip");
  return form;
}

/** The route a row exercises, in the inventory's form ("get /api/voice-notes/{id}/audio"). */
const routeKey = (r: Route) =>
  `${r.method.toLowerCase()} ${r
    .path({ domain: "{id}", note: "{id}", type: "{id}", summary: "{id}", thread: "{id}", assistant: "{id}" })
    .split("?")[0]!
    .replace("unknown-request-id-000", "{id}")}`;

const label = (r: Route) => `${r.method} ${r.path({ domain: "{domain}", note: "{note}", type: "{type}", summary: "{summary}", thread: "{thread}", assistant: "{assistant}" })}`;

describe.each(dbKinds)("security on %s", (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let intruder: TestUser;
  let ids: Ids;

  const send = (r: Route, headers: Record<string, string>) => {
    if (r.form) return t.app.request(r.path(ids), { method: r.method, headers, body: r.form(ids) });
    return call(t, r.method, r.path(ids), { headers, ...(r.json ? { json: r.json(ids) } : {}) });
  };

  /** Everything the owner has: rows of every table and the audio files. */
  const snapshot = async () => {
    const db = t.deps.database.db;
    return {
      domains: await db.selectFrom("domains").selectAll().where("user_id", "=", owner.id).orderBy("id").execute(),
      notes: await db.selectFrom("voice_notes").selectAll().where("user_id", "=", owner.id).orderBy("id").execute(),
      types: await db.selectFrom("summary_types").selectAll().where("user_id", "=", owner.id).orderBy("id").execute(),
      summaries: await db.selectFrom("summaries").selectAll().where("user_id", "=", owner.id).orderBy("id").execute(),
      sessions: await db.selectFrom("sessions").select("sid").where("user_id", "=", owner.id).execute(),
      threads: await db.selectFrom("chat_threads").selectAll().where("user_id", "=", owner.id).orderBy("id").execute(),
      messages: await db.selectFrom("chat_messages").selectAll().where("user_id", "=", owner.id).orderBy("id").execute(),
      assistants: await db.selectFrom("assistant_grants").select(["id", "name", "revoked_at"]).where("user_id", "=", owner.id).orderBy("id").execute(),
      files: filesUnder(audioDir(t.deps.config.DATA_DIR)).filter((f) => f.includes(owner.id)).sort(),
    };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createUser(t.deps);
    intruder = await createUser(t.deps);
    await createDomain(t, intruder, { name: "Intruder home", isDefault: true });
    const domain = (await createDomain(t, owner, { name: "Private", isDefault: true })).id;
    const noteRes = await t.app.request("/api/voice-notes", {
      method: "POST",
      headers: owner.headers,
      body: noteForm({ domainId: domain, createdAt: "2026-03-10T12:00:00.000Z" }),
    });
    const note = ((await noteRes.json()) as { id: string }).id;
    const typeRes = await call(t, "POST", "/api/summary-types", { user: owner, json: { domainId: domain, name: "Mine", prompt: "Secret prompt" } });
    const type = ((await typeRes.json()) as { id: string }).id;
    const summary = (
      await summariesRepository(t.deps.database.db).insert({
        userId: owner.id, domainId: domain, summaryTypeId: type, period: "day", periodKey: "2026-03-10", prompt: "Secret prompt",
        responseLength: "short", content: "Private content", themes: ["x"], totalVoiceNotes: 1, totalDuration: 1, wordsTranscribed: 2, engine: "test",
      })
    ).id;
    const ask = await call(t, "POST", "/api/chat", { user: owner, json: { question: "What is private?", domainId: domain }, headers: { accept: "application/json" } });
    const thread = ((await ask.json()) as { threadId: string }).threadId;
    const token = await call(t, "POST", "/api/assistants/tokens", { user: owner, json: { name: "Owner's assistant" } });
    const assistant = ((await token.json()) as { assistant: { id: string } }).assistant.id;
    ids = { domain, note, type, summary, thread, assistant };
  });
  afterAll(() => t.close());

  test("every product route is in this table, so each is checked for 401 and 404", () => {
    expect([...new Set(ROUTES.map(routeKey))].sort()).toEqual(productRouteInventory(t.deps));
  });

  test.each(ROUTES.filter((r) => !r.public).map((r) => [label(r), r] as const))("%s without a token answers 401", async (_l, r) => {
    const before = await snapshot();
    await expectError(await send(r, {}), 401, "unauthorized");
    await expectError(await send(r, { authorization: "Bearer not.a.jwt" }), 401, "unauthorized");
    expect(await snapshot()).toEqual(before);
  });

  test.each(ROUTES.filter((r) => r.owned).map((r) => [label(r), r] as const))(
    "%s with another user's token answers 404 and changes nothing",
    async (_l, r) => {
      const before = await snapshot();
      await expectError(await send(r, intruder.headers), 404, "not_found");
      expect(await snapshot()).toEqual(before);
      // And the owner still sees it.
      const check = await call(t, "GET", `/api/voice-notes?${q}&domainId=${ids.domain}`, { user: owner });
      expect(((await check.json()) as { id: string }[]).map((n) => n.id)).toEqual([ids.note]);
    },
  );

  test.each(ROUTES.filter((r) => r.admin).map((r) => [label(r), r] as const))(
    "%s with a token that is not an admin's answers as a path that does not exist, and changes nothing",
    async (_l, r) => {
      const before = await snapshot();
      const settings = await t.deps.database.db.selectFrom("instance_settings").selectAll().executeTakeFirstOrThrow();
      const res = await send(r, owner.headers);
      expect(res.status).toBe(404);
      const path = r.path(ids).split("?")[0];
      expect(await res.json()).toEqual({ error: { code: "not_found", message: `No route for ${r.method} ${path}` } });
      expect(await snapshot()).toEqual(before);
      expect(await t.deps.database.db.selectFrom("instance_settings").selectAll().executeTakeFirstOrThrow()).toEqual(settings);
      expect((await t.deps.database.db.selectFrom("users").select("is_admin").where("id", "=", owner.id).executeTakeFirstOrThrow()).is_admin).toBe(false);
    },
  );

  const GARBAGE: { name: string; body?: string; id?: string; query?: string }[] = [
    { name: "malformed JSON", body: "{\"name\": " },
    { name: "a JSON array", body: "[1,2,3]" },
    { name: "JSON null", body: "null" },
    { name: "wrong types", body: JSON.stringify({ name: 1, prompt: [], period: {}, periodKey: 5, domainId: true, title: false, isGeneralSummary: "x" }) },
    { name: "a path-like id", id: "..%2F..%2Fetc%2Fpasswd" },
    { name: "a NUL in the id", id: "%00" },
    { name: "a uuid-shaped id with a bad variant", id: "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz" },
    { name: "a huge query", query: `period=day&periodKey=${"9".repeat(5000)}&domainId=${"a".repeat(5000)}&tz=${"b".repeat(5000)}` },
  ];

  const applies = (r: Route, g: (typeof GARBAGE)[number]) =>
    g.body !== undefined ? Boolean(r.json || r.form) : g.id !== undefined ? r.owned : label(r).includes("?");

  test.each(ROUTES.flatMap((r) => GARBAGE.filter((g) => applies(r, g)).map((g) => [`${label(r)} with ${g.name}`, r, g] as const)))(
    "%s answers a 4xx in the error shape, never a 500",
    async (_l, r, g) => {
      const source = { ...ids, ...(g.id ? { domain: g.id, note: g.id, type: g.id, summary: g.id, thread: g.id, assistant: g.id } : {}) };
      let url = r.path(source);
      if (g.query) url = `${url.split("?")[0]}?${g.query}`;
      const headers: Record<string, string> = { ...owner.headers };
      let body: RequestInit["body"];
      if (g.body !== undefined) {
        headers["content-type"] = r.form ? "multipart/form-data; boundary=zzz" : "application/json";
        body = g.body;
      }
      const res = await t.app.request(url, { method: r.method, headers, ...(body !== undefined ? { body } : {}) });
      expect(res.status, `${r.method} ${url}`).toBeLessThan(500);
      if (res.status >= 400) {
        const err = (await res.json()) as { error: { code: string; message: string } };
        expect(typeof err.error.message).toBe("string");
      }
    },
  );

  test("another user's lists never show the owner's collections", async () => {
    const list = (await (await call(t, "GET", "/api/domains", { user: intruder })).json()) as { id: string }[];
    expect(list.map((d) => d.id)).not.toContain(ids.domain);
    const def = (await (await call(t, "GET", "/api/domains/default", { user: intruder })).json()) as { id: string };
    expect(def.id).not.toBe(ids.domain);
    const notes = (await (await call(t, "GET", `/api/voice-notes?${q}`, { user: intruder })).json()) as unknown[];
    expect(notes).toEqual([]);
    const summaries = (await (await call(t, "GET", `/api/summaries?${q}`, { user: intruder })).json()) as unknown[];
    expect(summaries).toEqual([]);
  });
});
