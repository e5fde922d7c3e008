import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";
import { Hono } from "hono";
import { SelectQueryNode, type KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AppEnv } from "../src/app-env.js";
import { createAccessTokens } from "../src/auth/access-tokens.js";
import { ACCOUNT_DISABLED } from "../src/auth/gotrue-errors.js";
import { requireUser } from "../src/auth/middleware.js";
import { createSupabaseTokens } from "../src/auth/supabase-tokens.js";
import { createUserCache } from "../src/auth/user-cache.js";
import { usersRepository } from "../src/repositories/users.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

const SUPABASE_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";

/** A token as a Supabase project issues it to a signed-in user (HS256 project secret). */
function supabaseToken(claims: JWTPayload, secret = SUPABASE_JWT_SECRET, expiresIn: string | number = "1h") {
  return new SignJWT({ role: "authenticated", aal: "aal1", session_id: crypto.randomUUID(), ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("https://project-ref.supabase.co/auth/v1")
    .setAudience("authenticated")
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

describe.each(dbKinds)("Supabase mode on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { SUPABASE_URL: "https://project-ref.supabase.co", SUPABASE_JWT_SECRET });
  });
  afterAll(() => t.close());

  const get = (token: string) => t.app.request("/api/nope", { headers: { authorization: `Bearer ${token}` } });

  test("a token signed by the project passes the middleware and creates the user row on first sight", async () => {
    const id = crypto.randomUUID();
    const res = await get(await supabaseToken({ sub: id, email: "Ada@Example.com" }));
    // Past the middleware: the catch-all answers, not the 401.
    expect(res.status).toBe(404);
    expect(await usersRepository(t.deps.database.db).findById(id)).toMatchObject({ id, email: "ada@example.com" });

    // An e-mail changed in Supabase follows on the next request.
    expect((await get(await supabaseToken({ sub: id, email: "ada@new.example.com" }))).status).toBe(404);
    expect(await usersRepository(t.deps.database.db).findById(id)).toMatchObject({ email: "ada@new.example.com" });
  });

  test.each([
    ["another key", () => supabaseToken({ sub: crypto.randomUUID(), email: "x@example.com" }, "not-the-project-secret-but-long-enough-000")],
    ["the anon key (no user)", () => supabaseToken({ role: "anon" })],
    ["an expired token", () => supabaseToken({ sub: crypto.randomUUID(), email: "y@example.com" }, SUPABASE_JWT_SECRET, Math.floor(Date.now() / 1000) - 60)],
    [
      "a built-in auth token",
      () => createAccessTokens(t.deps.config).sign({ id: crypto.randomUUID(), email: "z@example.com" }, crypto.randomUUID()).then((r) => r.token),
    ],
  ])("%s gets 401", async (_name, make) => {
    const res = await get(await make());
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });

  test("the built-in /auth/v1 routes are not served", async () => {
    const res = await t.app.request("/auth/v1/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.com", password: "secret123" }),
    });
    expect(res.status).toBe(404);
  });
});

describe("Supabase mode with the project's published keys (no JWT secret)", () => {
  let t: TestApp;
  let jwks: http.Server;
  let privateKey: CryptoKey;
  beforeAll(async () => {
    const pair = await generateKeyPair("ES256");
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "key-1", alg: "ES256", use: "sig" };
    // Stands in for https://<project>.supabase.co/auth/v1/.well-known/jwks.json.
    jwks = http.createServer((req, res) => {
      if (req.url !== "/auth/v1/.well-known/jwks.json") return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
    const { port } = jwks.address() as AddressInfo;
    t = await createTestApp("pglite", { SUPABASE_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => jwks.close(resolve));
  });

  const sign = (key: CryptoKey, kid = "key-1") =>
    new SignJWT({ role: "authenticated", email: "grace@example.com" })
      .setProtectedHeader({ alg: "ES256", kid })
      .setSubject(id)
      .setAudience("authenticated")
      .setExpirationTime("1h")
      .sign(key);
  const id = crypto.randomUUID();

  test("a token signed with the project's key passes; one signed with another key does not", async () => {
    const ok = await t.app.request("/api/nope", { headers: { authorization: `Bearer ${await sign(privateKey)}` } });
    expect(ok.status).toBe(404);
    expect(await usersRepository(t.deps.database.db).findById(id)).toMatchObject({ email: "grace@example.com" });

    const other = await generateKeyPair("ES256");
    const bad = await t.app.request("/api/nope", { headers: { authorization: `Bearer ${await sign(other.privateKey)}` } });
    expect(bad.status).toBe(401);
  });
});

describe.each(dbKinds)("Supabase mode account deletion on %s", (kind) => {
  const SERVICE_ROLE_KEY = "service-role-key-for-tests";
  let t: TestApp;
  let admin: http.Server;
  let answer = 200;
  const calls: { method: string; url: string; apikey?: string; authorization?: string }[] = [];

  beforeAll(async () => {
    // Stands in for the hosted project's GoTrue admin endpoint, which cannot run here.
    admin = http.createServer((req, res) => {
      calls.push({ method: req.method!, url: req.url!, apikey: req.headers.apikey as string, authorization: req.headers.authorization });
      res.writeHead(answer, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((r) => admin.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(admin.address() as AddressInfo).port}`;
    t = await createTestApp(kind, { SUPABASE_URL: url, SUPABASE_JWT_SECRET, SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => admin.close(r));
  });

  const deleteAccount = async (token: string) =>
    t.app.request("/api/auth/delete-account", { method: "DELETE", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } });

  test("removes the local user and the project's auth user with the service-role key", async () => {
    const id = crypto.randomUUID();
    const token = await supabaseToken({ sub: id, email: "gone@example.com" });
    calls.length = 0;
    answer = 200;
    const res = await deleteAccount(token);
    expect(res.status).toBe(200);
    expect(await usersRepository(t.deps.database.db).findById(id)).toBeUndefined();
    expect(calls).toEqual([{ method: "DELETE", url: `/auth/v1/admin/users/${id}`, apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` }]);
  });

  test("when the project refuses, the answer says so (503) and a retry completes the deletion", async () => {
    const id = crypto.randomUUID();
    const token = await supabaseToken({ sub: id, email: "retry@example.com" });
    answer = 500;
    const failed = await deleteAccount(token);
    expect(failed.status).toBe(503);
    expect(((await failed.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "auth_provider_unavailable",
      message: expect.stringContaining("could not be removed right now"),
    });
    expect(await usersRepository(t.deps.database.db).findById(id)).toBeUndefined();

    answer = 404; // already gone there counts as done
    expect((await deleteAccount(token)).status).toBe(200);
  });
});

describe.each(dbKinds)("Supabase mode reads an account's row once for a burst of requests on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { SUPABASE_URL: "https://project-ref.supabase.co", SUPABASE_JWT_SECRET });
  });
  afterAll(() => t.close());

  /** The bearer check alone, over a database that counts the reads of the users table. */
  const countedApp = () => {
    const reads = { users: 0 };
    const counting: KyselyPlugin = {
      transformQuery(args) {
        const node = args.node;
        if (SelectQueryNode.is(node) && JSON.stringify(node.from).includes('"name":"users"')) reads.users++;
        return node;
      },
      transformResult: async (args) => args.result,
    };
    const app = new Hono<AppEnv>();
    app.use(
      "*",
      requireUser({
        db: t.deps.database.db.withPlugin(counting),
        tokens: createAccessTokens(t.deps.config),
        supabase: createSupabaseTokens(t.deps.config),
        users: createUserCache(),
      }),
    );
    app.get("/me", (c) => c.json({ id: c.var.user.id }));
    return { app, reads };
  };

  test("ten requests with the same token read the users row once", async () => {
    const { app, reads } = countedApp();
    const token = await supabaseToken({ sub: crypto.randomUUID(), email: "burst@example.com" });
    for (let i = 0; i < 10; i++) {
      const res = await app.request("/me", { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    }
    expect(reads.users).toBe(1);
    // A new e-mail in the token is not taken from what was kept: the row is read and follows it.
    const renamed = await supabaseToken({ sub: (await usersRepository(t.deps.database.db).findByEmail("burst@example.com"))!.id, email: "burst@new.example.com" });
    expect((await app.request("/me", { headers: { authorization: `Bearer ${renamed}` } })).status).toBe(200);
    expect(reads.users).toBe(2);
  });

  test("an account an admin disables is refused at once, although its row was read a moment before", async () => {
    const adminId = crypto.randomUUID();
    const adminToken = await supabaseToken({ sub: adminId, email: "admin@example.com" });
    const api = (token: string, path: string, init: RequestInit = {}) =>
      t.app.request(path, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } });
    expect((await api(adminToken, "/api/nope")).status).toBe(404);
    await t.deps.database.db.updateTable("users").set({ is_admin: true }).where("id", "=", adminId).execute();
    const personId = crypto.randomUUID();
    const person = await supabaseToken({ sub: personId, email: "person@example.com" });
    for (let i = 0; i < 3; i++) expect((await api(person, "/api/nope")).status).toBe(404);
    const patched = await api(adminToken, `/api/admin/accounts/${personId}`, { method: "PATCH", body: JSON.stringify({ disabled: true }) });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const refused = await api(person, "/api/nope");
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(ACCOUNT_DISABLED);
  });
});
