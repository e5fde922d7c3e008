import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { noteForm } from "./support/multipart.js";

/**
 * PostgreSQL text cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00"): any
 * field that reached a query with one answered 500. Every text input is refused with 400 instead.
 */
const NUL = "before\u0000after";

describe.each(dbKinds)("text with a NUL character on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let domainId: string;
  let noteId: string;
  let typeId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await createUser(t.deps);
    domainId = (await createDomain(t, user, { name: "Daily", isDefault: true })).id;
    const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ title: "Kept" }) });
    expect(res.status).toBe(201);
    noteId = ((await res.json()) as { id: string }).id;
    const type = await call(t, "POST", "/api/summary-types", { user, json: { name: "Kept", prompt: "Kept", domainId } });
    expect(type.status).toBe(201);
    typeId = ((await type.json()) as { id: string }).id;
  });
  afterAll(() => t.close());

  test.each([
    ["POST", "/api/domains", { name: NUL }, "name"],
    ["POST", "/api/domains", { name: "Fine", description: NUL }, "description"],
    ["POST", "/api/summary-types", { name: NUL, prompt: "p" }, "name"],
    ["POST", "/api/summary-types", { name: "n", prompt: NUL }, "prompt"],
  ])("%s %s %j answers 400 and stores nothing", async (method, path, json, field) => {
    const res = await call(t, method, path, { user, json: { domainId, ...json } });
    const body = await expectError(res, 400, "validation_failed");
    expect(body.error.message).toBe(`${field}: must not contain NUL (\\u0000) characters`);
    const domains = (await (await call(t, "GET", "/api/domains", { user })).json()) as { name: string }[];
    expect(domains.map((d) => d.name)).toEqual(["Daily"]);
    const types = (await (await call(t, "GET", `/api/summary-types?domainId=${domainId}`, { user })).json()) as { name: string }[];
    expect(types.map((x) => x.name)).toEqual(["Kept"]);
  });

  test("PATCH of a note's title or transcription with NUL answers 400 and leaves the note as it was", async () => {
    for (const json of [{ title: NUL }, { transcription: NUL }]) {
      await expectError(await call(t, "PATCH", `/api/voice-notes/${noteId}`, { user, json }), 400, "validation_failed");
    }
    const list = (await (
      await call(t, "GET", "/api/voice-notes?period=month&periodKey=" + new Date().toISOString().slice(0, 7), { user })
    ).json()) as { id: string; title: string; transcription: string | null }[];
    expect(list.find((n) => n.id === noteId)).toMatchObject({ title: "Kept", transcription: null });
  });

  test("PATCH of a summary type with NUL answers 400", async () => {
    await expectError(await call(t, "PATCH", `/api/summary-types/${typeId}`, { user, json: { prompt: NUL } }), 400, "validation_failed");
  });

  test("sign-in and refresh with NUL answer GoTrue's 400, not 500", async () => {
    const signIn = await t.app.request("/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `a${NUL}@example.com`, password: "secret-password" }),
    });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toMatchObject({ error_code: "validation_failed" });
    const refresh = await t.app.request("/auth/v1/token?grant_type=refresh_token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: NUL }),
    });
    expect(refresh.status).toBe(400);
  });

  test("sign-up with NUL in the profile data answers 400", async () => {
    const res = await t.app.request("/auth/v1/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nul-name@example.com", password: "secret-password", data: { first_name: NUL } }),
    });
    expect(res.status).toBe(400);
  });
});
