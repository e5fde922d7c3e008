import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

describe.each(dbKinds)("health and errors on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  test("GET /api/health reports the database and the engines", async () => {
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, db: { kind, status: "ok" } });
    expect(body).toHaveProperty("transcription");
    expect(body).toHaveProperty("summaries");
  });

  test("an unknown API route answers the one error shape", async () => {
    const res = await t.app.request("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "No route for GET /api/nope" } });
  });
});
