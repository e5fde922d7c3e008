import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccessTokens } from "../src/auth/access-tokens.js";
import { createUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, expectError } from "./support/api.js";

// What a user controls must not grow a token past what a request header carries, and a token
// must expire (issue: a 60 KB e-mail made an account whose tokens every route refused with 431).

/** A syntactically valid address of exactly `length` characters. */
function emailOf(length: number): string {
  let domain = "com";
  // Labels of at most 63 characters, as DNS allows.
  while (domain.length < length - 65) domain = `${"b".repeat(Math.min(63, length - 65 - domain.length - 1))}.${domain}`;
  return `${"a".repeat(64)}@${domain}`;
}

const post = (t: TestApp, path: string, body: unknown) =>
  t.app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe.each(dbKinds)("auth bounds on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  test("sign-up refuses an e-mail address over 254 characters, as it does a malformed one", async () => {
    const long = emailOf(255);
    expect(long).toHaveLength(255);
    const res = await post(t, "/auth/v1/signup", { email: long, password: "secret-pass" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: "validation_failed", msg: "Unable to validate email address: invalid format" });
    const huge = await post(t, "/auth/v1/signup", { email: `${"x".repeat(60_000)}@example.com`, password: "secret-pass" });
    expect(huge.status).toBe(400);
    const rows = await t.deps.database.db.selectFrom("users").select("email").execute();
    expect(rows.filter((r) => r.email.length > 254)).toEqual([]);
  });

  test("the longest address the API accepts gives a token that every route takes", async () => {
    const email = emailOf(254);
    expect(email).toHaveLength(254);
    const res = await post(t, "/auth/v1/signup", { email, password: "secret-pass" });
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    // Node's default header limit is 16 KB and proxies often allow 8 KB for all headers together.
    expect(access_token.length).toBeLessThan(2048);
    const list = await call(t, "GET", "/api/domains", { headers: { authorization: `Bearer ${access_token}` } });
    expect(list.status).toBe(200);
    const signIn = await post(t, "/auth/v1/token?grant_type=password", { email, password: "secret-pass" });
    expect(signIn.status).toBe(200);
  });

  test("a token signed with the real key but without exp is refused by the API and by /auth/v1", async () => {
    const user = await createUser(t.deps);
    const sessionId = (await t.deps.database.db.selectFrom("sessions").select("sid").where("user_id", "=", user.id).executeTakeFirstOrThrow()).sid;
    const tokens = createAccessTokens(t.deps.config);
    const forever = await tokens.signWith((jwt) => jwt.setSubject(user.id).setAudience("authenticated"), {
      email: user.email,
      role: "authenticated",
      session_id: sessionId,
    });
    // The same claims with an expiry pass, so only the missing exp is refused.
    expect((await call(t, "GET", "/api/domains", { user })).status).toBe(200);
    await expectError(await call(t, "GET", "/api/domains", { headers: { authorization: `Bearer ${forever}` } }), 401, "unauthorized");
    const res = await t.app.request("/auth/v1/user", { headers: { authorization: `Bearer ${forever}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error_code: "bad_jwt" });
  });
});
