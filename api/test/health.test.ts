import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser } from "./factories.js";
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

  test("a product route without a token answers 401 in the one error shape", async () => {
    const res = await t.app.request("/api/nope");
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });

  test("an unknown API route answers the one error shape", async () => {
    const user = await createUser(t.deps);
    const res = await t.app.request("/api/nope", { headers: user.headers });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "No route for GET /api/nope" } });
  });
});
