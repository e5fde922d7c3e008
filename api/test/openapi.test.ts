import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain } from "./support/api.js";
import { noteForm } from "./support/multipart.js";
import { productRouteInventory } from "./support/route-inventory.js";

type Json = Record<string, any>;


describe.each(dbKinds)("OpenAPI document on %s", (kind) => {
  let t: TestApp;
  let doc: Json;
  /** SPEC §7's calls plus DESIGN §6's audio and retry calls, as the route files register them. */
  let routes: string[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    routes = productRouteInventory(t.deps);
    const res = await t.app.request("/api/openapi.json");
    expect(res.status).toBe(200);
    doc = (await res.json()) as Json;
  });
  afterAll(() => t.close());

  test("is public, OpenAPI 3.1, and documents every product call", () => {
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths as Json).flatMap(([path, methods]) => Object.keys(methods as Json).map((m) => `${m} ${path}`));
    expect(documented.sort()).toEqual(routes);
  });

  test("every $ref resolves to a component schema", () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const r of refs) {
      const name = r.slice(8, -1).replace("#/components/schemas/", "");
      expect(doc.components.schemas[name], r).toBeDefined();
    }
  });

  test("the spec's rules reach the document (hex colour, periods, response lengths, limits)", () => {
    const s = doc.components.schemas;
    expect(s.CreateDomain.properties.primaryColor.pattern).toBe("^#[0-9a-fA-F]{6}$");
    expect(s.CreateDomain.required).toEqual(["name"]);
    expect(s.GenerateSummary.properties.responseLength.enum).toEqual(["short", "medium", "long"]);
    expect(s.GenerateSummary.properties.period.enum).toEqual(["day", "week", "month"]);
    expect(s.CreateSummaryType.properties.prompt.maxLength).toBe(4000);
    const upload = doc.paths["/api/voice-notes"].post.requestBody.content["multipart/form-data"].schema;
    expect(upload.required).toEqual(expect.arrayContaining(["audio", "title", "duration"]));
  });

  test("real responses of every documented call match the documented schemas", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: "https://voice-journal.local/openapi.json", components: doc.components });
    const validate = (schema: Json, body: unknown) => {
      const resolved = typeof schema.$ref === "string" ? { $ref: `https://voice-journal.local/openapi.json${schema.$ref}` } : schema;
      const fn = ajv.compile(resolved);
      return fn(body) ? null : ajv.errorsText(fn.errors);
    };

    const user: TestUser = await createUser(t.deps);
    const domain = (await createDomain(t, user, { name: "Docs", isDefault: true })).id;
    const note = ((await (await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ createdAt: "2026-03-10T12:00:00.000Z" }) })).json()) as { id: string }).id;
    const type = ((await (await call(t, "POST", "/api/summary-types", { user, json: { domainId: domain, name: "T", prompt: "P" } })).json()) as { id: string }).id;
    const summary = (
      await t.deps.database.db
        .insertInto("summaries")
        .values({ user_id: user.id, domain_id: domain, summary_type_id: type, period: "day", period_key: "2026-03-10", content: "c", themes: ["a"], total_voice_notes: 1, total_duration: 1, words_transcribed: 1, engine: "test" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;

    const admin: TestUser = await createUser(t.deps);
    await t.deps.database.db.updateTable("users").set({ is_admin: true }).where("id", "=", admin.id).execute();
    const leaving: TestUser = await createUser(t.deps);
    const invitation = await call(t, "POST", "/api/admin/invitations", { user: admin, json: { email: "friend@example.com" } });

    // An app's request to connect, as /oauth/authorize stores it for the consent page.
    const registered = (await (await t.app.request("/oauth/register", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "Docs", redirect_uris: ["https://docs.example/cb"] }) })).json()) as { client_id: string };
    const authorize = await t.app.request(
      `/oauth/authorize?response_type=code&client_id=${registered.client_id}&redirect_uri=${encodeURIComponent("https://docs.example/cb")}&code_challenge=${"a".repeat(43)}&code_challenge_method=S256&resource=${encodeURIComponent("http://localhost/mcp")}`,
    );
    const consent = authorize.headers.get("location")!.split("/").pop()!;

    const requests: Record<string, () => Response | Promise<Response>> = {
      "get /api/domains": () => call(t, "GET", "/api/domains", { user }),
      "get /api/domains/default": () => call(t, "GET", "/api/domains/default", { user }),
      "post /api/domains": () => call(t, "POST", "/api/domains", { user, json: { name: "Second", description: "", primaryColor: "#6b7280", isDefault: false, userId: user.id } }),
      "get /api/domains/{id}/stats": () => call(t, "GET", `/api/domains/${domain}/stats`, { user }),
      "get /api/domains/{id}/contents": () => call(t, "GET", `/api/domains/${domain}/contents`, { user }),
      "patch /api/domains/{id}": () => call(t, "PATCH", `/api/domains/${domain}`, { user, json: { name: "Docs", primaryColor: "#0369a1" } }),
      "delete /api/domains/{id}": async () => {
        const spare = await createDomain(t, user, { name: "Spare" });
        return call(t, "DELETE", `/api/domains/${spare.id}`, { user });
      },
      "get /api/voice-notes": () => call(t, "GET", `/api/voice-notes?period=day&periodKey=2026-03-10&domainId=${domain}&tz=UTC`, { user }),
      "post /api/voice-notes": () => t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ domainId: domain, clientId: "docs" }) }),
      "get /api/voice-notes/{id}/audio": () => call(t, "GET", `/api/voice-notes/${note}/audio`, { user }),
      "patch /api/voice-notes/{id}": () => call(t, "PATCH", `/api/voice-notes/${note}`, { user, json: { title: "Renamed" } }),
      "post /api/voice-notes/{id}/transcribe": () => call(t, "POST", `/api/voice-notes/${note}/transcribe`, { user }),
      "get /api/summary-types": () => call(t, "GET", `/api/summary-types?domainId=${domain}`, { user }),
      "post /api/summary-types": () => call(t, "POST", "/api/summary-types", { user, json: { domainId: domain, name: "U", prompt: "Q" } }),
      "patch /api/summary-types/{id}": () => call(t, "PATCH", `/api/summary-types/${type}`, { user, json: { name: "T2" } }),
      "get /api/summaries": () => call(t, "GET", `/api/summaries?period=day&periodKey=2026-03-10&domainId=${domain}`, { user }),
      "post /api/summaries/generate": async () => {
        await t.deps.database.db.updateTable("voice_notes").set({ transcription: "Words to summarise.", is_transcribed: true, is_transcribing: false }).where("id", "=", note).execute();
        return call(t, "POST", "/api/summaries/generate", { user, json: { period: "day", periodKey: "2026-03-10", domainId: domain, isGeneralSummary: true } });
      },
      "post /api/chat": () => call(t, "POST", "/api/chat", { user, json: { question: "What did I say?", domainId: domain }, headers: { accept: "application/json" } }),
      "get /api/chat/threads": () => call(t, "GET", `/api/chat/threads?domainId=${domain}`, { user }),
      "get /api/chat/threads/{id}": async () => {
        const threads = (await (await call(t, "GET", `/api/chat/threads?domainId=${domain}`, { user })).json()) as { id: string }[];
        return call(t, "GET", `/api/chat/threads/${threads[0]!.id}`, { user });
      },
      "delete /api/chat/threads/{id}": async () => {
        const threads = (await (await call(t, "GET", `/api/chat/threads?domainId=${domain}`, { user })).json()) as { id: string }[];
        return call(t, "DELETE", `/api/chat/threads/${threads[0]!.id}`, { user });
      },
      "get /api/events": () => call(t, "GET", "/api/events", { user }),
      "get /api/export": () => call(t, "GET", `/api/export?domainId=${domain}`, { user }),
      "post /api/import": async () => {
        const zip = Buffer.from(await (await call(t, "GET", `/api/export?domainId=${domain}`, { user })).arrayBuffer());
        const form = new FormData();
        form.append("file", new Blob([zip], { type: "application/zip" }), "export.zip");
        return t.app.request("/api/import", { method: "POST", headers: user.headers, body: form });
      },
      "get /api/calendar": () => call(t, "GET", `/api/calendar?month=2026-03&domainId=${domain}&tz=Europe/Berlin`, { user }),
      "get /api/on-this-day": () => call(t, "GET", "/api/on-this-day?date=2027-03-10&tz=Europe/Berlin", { user }),
      "get /api/reminders": () => call(t, "GET", "/api/reminders", { user }),
      "put /api/reminders": () => call(t, "PUT", "/api/reminders", { user, json: { enabled: true, time: "21:15", days: [1, 7], onlyIfNoNote: true, tz: "Europe/Berlin" } }),
      "get /api/push/public-key": () => call(t, "GET", "/api/push/public-key", { user }),
      "post /api/push/subscriptions": () =>
        call(t, "POST", "/api/push/subscriptions", { user, json: { endpoint: "https://fcm.googleapis.com/fcm/send/docs", expirationTime: null, keys: { p256dh: "BA".padEnd(87, "A"), auth: "AAAAAAAAAAAAAAAAAAAAAA" } } }),
      "delete /api/push/subscriptions": () => call(t, "DELETE", "/api/push/subscriptions", { user, json: { endpoint: "https://fcm.googleapis.com/fcm/send/docs" } }),
      "get /api/search": () => call(t, "GET", `/api/search?q=${encodeURIComponent("c")}&domainId=${domain}`, { user }),
      "delete /api/summaries/{id}": () => call(t, "DELETE", `/api/summaries/${summary}`, { user }),
      "delete /api/summary-types/{id}": () => call(t, "DELETE", `/api/summary-types/${type}`, { user }),
      "delete /api/voice-notes/{id}": () => call(t, "DELETE", `/api/voice-notes/${note}`, { user }),
      "get /api/account": () => call(t, "GET", "/api/account", { user }),
      "get /api/signup-policy": () => call(t, "GET", `/api/signup-policy?invitation=${encodeURIComponent("unknown-token")}`, {}),
      "get /api/admin/accounts": () => call(t, "GET", "/api/admin/accounts", { user: admin }),
      "patch /api/admin/accounts/{id}": () => call(t, "PATCH", `/api/admin/accounts/${leaving.id}`, { user: admin, json: { limits: { summaries: 3 } } }),
      "delete /api/admin/accounts/{id}": () => call(t, "DELETE", `/api/admin/accounts/${leaving.id}`, { user: admin }),
      "get /api/admin/invitations": () => call(t, "GET", "/api/admin/invitations", { user: admin }),
      "post /api/admin/invitations": () => invitation,
      "delete /api/admin/invitations/{id}": async () => {
        const list = (await (await call(t, "GET", "/api/admin/invitations", { user: admin })).json()) as { id: string }[];
        return call(t, "DELETE", `/api/admin/invitations/${list[0]!.id}`, { user: admin });
      },
      "get /api/admin/settings": () => call(t, "GET", "/api/admin/settings", { user: admin }),
      "patch /api/admin/settings": () => call(t, "PATCH", "/api/admin/settings", { user: admin, json: { signups: "invite", limits: { askPerDay: 20 } } }),
      "post /api/admin/ai-test": () => call(t, "POST", "/api/admin/ai-test", { user: admin, json: {} }),
      "get /api/admin/state": () => call(t, "GET", "/api/admin/state", { user: admin }),
      "get /api/assistants": () => call(t, "GET", "/api/assistants", { user }),
      "post /api/assistants/tokens": () => call(t, "POST", "/api/assistants/tokens", { user, json: { name: "Docs script" } }),
      "delete /api/assistants/{id}": async () => {
        const list = (await (await call(t, "GET", "/api/assistants", { user })).json()) as { id: string }[];
        return call(t, "DELETE", `/api/assistants/${list[0]!.id}`, { user });
      },
      "get /api/oauth/requests/{id}": () => call(t, "GET", `/api/oauth/requests/${consent}`, { user }),
      "post /api/oauth/requests/{id}/decision": () => call(t, "POST", `/api/oauth/requests/${consent}/decision`, { user, json: { allow: false } }),
      "delete /api/auth/delete-account": () => call(t, "DELETE", "/api/auth/delete-account", { user }),
    };
    expect(Object.keys(requests).sort()).toEqual(routes);

    for (const [key, send] of Object.entries(requests)) {
      const [method, path] = key.split(" ") as [string, string];
      const op = doc.paths[path][method];
      const res = await send();
      const documented = op.responses[String(res.status)];
      expect(documented, `${key} answered an undocumented ${res.status}`).toBeDefined();
      const [type, media] = Object.entries(documented.content ?? {})[0] as [string, Json];
      if (type === "application/json") {
        const problem = validate(media.schema, await res.json());
        expect(problem, `${key} ${res.status}`).toBeNull();
      } else {
        // The documented media type: "audio/*" for a recording, "application/zip" for an export.
        expect(res.headers.get("content-type")).toMatch(new RegExp(`^${type.replace("*", "").replace("/", "\\/")}`));
        if (type === "text/event-stream") {
          // A stream that stays open: its first event, then the client goes.
          const reader = res.body!.getReader();
          expect(new TextDecoder().decode((await reader.read()).value)).toContain("event: ready");
          await reader.cancel();
        } else await res.arrayBuffer();
      }
    }
  });

  test("GET /api/docs is a public, self-contained reference of every operation", async () => {
    const res = await t.app.request("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    for (const key of routes) {
      const [method, path] = key.split(" ") as [string, string];
      expect(html).toContain(`<span class="m m-${method}">${method.toUpperCase()}</span> <code>${path}</code>`);
    }
    expect(html).toContain(`id="schema-CreateDomain"`);
    expect(html).not.toMatch(/<script|<link|src="http|href="http|@import/);
  });
});
