import fs from "node:fs";
import { createClient, type Session } from "@supabase/supabase-js";
import { decodeJwt, SignJWT } from "jose";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { createAccessTokens } from "../src/auth/access-tokens.js";
import type { Database } from "../src/db/database.js";
import { startServer, type RunningServer } from "../src/server.js";
import { dbKinds, freshDatabase, startTestServer, testConfig } from "./harness.js";

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** The real browser client, as the web app builds it (minus storage and timers). */
function supabase(url: string) {
  return createClient(url, "anon-key", {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

let seq = 0;
const newEmail = () => `user${Date.now()}${seq++}@example.com`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Status of a product route for this access token: 401 comes from the middleware, before routing. */
async function productStatus(url: string, accessToken: string): Promise<number> {
  const res = await fetch(`${url}/api/domains`, { headers: { authorization: `Bearer ${accessToken}` } });
  await res.body?.cancel();
  return res.status;
}

async function signUp(url: string, email = newEmail(), password = "secret123"): Promise<Session> {
  const { data, error } = await supabase(url).auth.signUp({ email, password });
  expect(error).toBeNull();
  return data.session!;
}

describe.each(dbKinds)("built-in auth through supabase-js on %s", (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  test("sign-up returns a GoTrue session and a confirmed user", async () => {
    const email = newEmail();
    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await supabase(server.url).auth.signUp({
      email,
      password: "secret123",
      options: { emailRedirectTo: `${server.url}/auth/callback` },
    });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(session.user).toMatchObject({
      email,
      aud: "authenticated",
      role: "authenticated",
      app_metadata: { provider: "email", providers: ["email"] },
      identities: [{ provider: "email", identity_data: { email, email_verified: true } }],
    });
    expect(session.user.email_confirmed_at).toBeTruthy();
    expect(decodeJwt(session.access_token)).toMatchObject({ sub: session.user.id, email, role: "authenticated" });
    expect(await productStatus(server.url, session.access_token)).not.toBe(401);

    const { data: me } = await supabase(server.url).auth.getUser(session.access_token);
    expect(me.user).toMatchObject({ id: session.user.id, email });
  });

  test("signing in with the right password gives a new working session", async () => {
    const email = newEmail();
    const first = await signUp(server.url, email);
    const { data, error } = await supabase(server.url).auth.signInWithPassword({ email: email.toUpperCase(), password: "secret123" });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(first.user.id);
    expect(data.session!.refresh_token).not.toBe(first.refresh_token);
    expect(await productStatus(server.url, data.session!.access_token)).not.toBe(401);
  });

  test("a wrong password and an unknown e-mail both answer invalid_credentials", async () => {
    const email = newEmail();
    await signUp(server.url, email);
    for (const attempt of [
      { email, password: "wrong-password" },
      { email: newEmail(), password: "secret123" },
    ]) {
      const { data, error } = await supabase(server.url).auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" });
    }
  });

  test("a password shorter than 6 characters is refused as weak_password", async () => {
    const { data, error } = await supabase(server.url).auth.signUp({ email: newEmail(), password: "12345" });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: "weak_password", reasons: ["length"] });
    expect(error!.message).toBe("Password should be at least 6 characters.");
  });

  test("a second sign-up with the same e-mail (any case) is refused", async () => {
    const email = newEmail();
    await signUp(server.url, email);
    const { data, error } = await supabase(server.url).auth.signUp({ email: email.toUpperCase(), password: "another-secret" });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 422, code: "user_already_exists" });
    // The original password still works: nothing was overwritten.
    const { error: signInError } = await supabase(server.url).auth.signInWithPassword({ email, password: "secret123" });
    expect(signInError).toBeNull();
  });

  test("a malformed e-mail is refused with validation_failed", async () => {
    const { error } = await supabase(server.url).auth.signUp({ email: "not-an-email", password: "secret123" });
    expect(error).toMatchObject({ status: 400, code: "validation_failed" });
  });

  test("refresh rotates the token, and a reuse inside the grace window still gets a session", async () => {
    const session = await signUp(server.url);
    const { data, error } = await supabase(server.url).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    const rotated = data.session!;
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect(rotated.user.id).toBe(session.user.id);
    expect(decodeJwt(rotated.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
    expect(await productStatus(server.url, rotated.access_token)).not.toBe(401);

    // A client that lost the first answer retries at once with the old token.
    const retry = await supabase(server.url).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(retry.error).toBeNull();
    expect(retry.data.session!.user.id).toBe(session.user.id);
    expect(await productStatus(server.url, retry.data.session!.access_token)).not.toBe(401);
  });

  test("two tabs refreshing the same token at once both keep the user signed in", async () => {
    const session = await signUp(server.url);
    const [a, b] = await Promise.all([
      supabase(server.url).auth.refreshSession({ refresh_token: session.refresh_token }),
      supabase(server.url).auth.refreshSession({ refresh_token: session.refresh_token }),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data.session!.refresh_token).not.toBe(b.data.session!.refresh_token);
    for (const s of [a.data.session!, b.data.session!]) {
      expect(await productStatus(server.url, s.access_token)).not.toBe(401);
      // Each tab's new token rotates on its own later.
      const next = await supabase(server.url).auth.refreshSession({ refresh_token: s.refresh_token });
      expect(next.error).toBeNull();
    }
  });

  test("an oversized body is refused before it is read", async () => {
    const res = await fetch(`${server.url}/auth/v1/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: newEmail(), password: "x".repeat(100_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
    expect(await res.json()).toMatchObject({ error_code: "validation_failed" });
  });

  test("an unknown refresh token answers refresh_token_not_found", async () => {
    const { error } = await supabase(server.url).auth.refreshSession({ refresh_token: "made-up-token" });
    expect(error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
  });

  test("expired, tampered and wrong-key access tokens get 401 from a product route", async () => {
    const session = await signUp(server.url);
    expect(await productStatus(server.url, session.access_token)).not.toBe(401);
    const sessionId = decodeJwt(session.access_token).session_id as string;
    const user = { id: session.user.id, email: session.user.email! };

    // Signed with the server's own key for the live session, but an hour old.
    const expired = await createAccessTokens(server.deps.config).sign(user, sessionId, new Date(Date.now() - 3_600_000 - 60_000));
    expect(await productStatus(server.url, expired.token)).toBe(401);

    const [header, payload, signature] = session.access_token.split(".") as [string, string, string];
    const i = Math.floor(signature.length / 2);
    const flipped = `${signature.slice(0, i)}${signature[i] === "A" ? "B" : "A"}${signature.slice(i + 1)}`;
    expect(await productStatus(server.url, `${header}.${payload}.${flipped}`)).toBe(401);

    // Same claims, same algorithm, another key.
    const claims = decodeJwt(session.access_token);
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode("some-other-secret-that-is-long-enough-for-hs256"));
    expect(await productStatus(server.url, wrongKey)).toBe(401);

    // The untouched token still works: the 401s above are about the tokens, not the session.
    expect(await productStatus(server.url, session.access_token)).not.toBe(401);
  });

  test("sign-out ends the session; scope local leaves the user's other sessions alone", async () => {
    const email = newEmail();
    await signUp(server.url, email);
    const signIn = async () => {
      const client = supabase(server.url);
      const { data, error } = await client.auth.signInWithPassword({ email, password: "secret123" });
      expect(error).toBeNull();
      return { client, session: data.session! };
    };
    const phone = await signIn();
    const laptop = await signIn();

    expect((await phone.client.auth.signOut({ scope: "local" })).error).toBeNull();
    expect(await productStatus(server.url, phone.session.access_token)).toBe(401);
    expect(await productStatus(server.url, laptop.session.access_token)).not.toBe(401);
    const gone = await supabase(server.url).auth.getUser(phone.session.access_token);
    expect(gone.error?.name).toBe("AuthSessionMissingError");

    // supabase-js's default scope is global: every session of the user ends.
    const tablet = await signIn();
    expect((await tablet.client.auth.signOut()).error).toBeNull();
    expect(await productStatus(server.url, laptop.session.access_token)).toBe(401);
    expect(await productStatus(server.url, tablet.session.access_token)).toBe(401);
    const refresh = await supabase(server.url).auth.refreshSession({ refresh_token: laptop.session.refresh_token });
    expect(refresh.error).toMatchObject({ code: "refresh_token_not_found" });
  });

  test("malformed JSON answers 400 in GoTrue's shape, versioned and legacy", async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: "{not json",
      });
    const versioned = await post({ "x-supabase-api-version": "2024-01-01" });
    expect(versioned.status).toBe(400);
    expect(versioned.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await versioned.json()).toMatchObject({ code: "bad_json", message: expect.stringContaining("JSON") });
    const legacy = await post({});
    expect(legacy.status).toBe(400);
    expect(await legacy.json()).toMatchObject({ code: 400, error_code: "bad_json", msg: expect.stringContaining("JSON") });
  });

  test("an unsupported grant type is refused", async () => {
    const res = await fetch(`${server.url}/auth/v1/token?grant_type=magic`, { method: "POST", body: "{}" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: "validation_failed", msg: "unsupported_grant_type" });
  });

  test("/settings says sign-ups are confirmed at once", async () => {
    const res = await fetch(`${server.url}/auth/v1/settings`);
    expect(await res.json()).toMatchObject({ external: { email: true }, mailer_autoconfirm: true, disable_signup: false });
  });
});

describe.each(dbKinds)("refresh token reuse after the grace window on %s", (kind) => {
  let server: Server;
  beforeAll(async () => {
    // A 1 s window so the theft case shows without the default 10 s wait.
    server = await startTestServer(kind, { AUTH_REFRESH_REUSE_GRACE_SECONDS: "1" });
  });
  afterAll(() => server.close());

  test("a spent refresh token reused after the grace window revokes the whole session", async () => {
    const session = await signUp(server.url);
    const { data } = await supabase(server.url).auth.refreshSession({ refresh_token: session.refresh_token });
    const current = data.session!;
    expect(await productStatus(server.url, current.access_token)).not.toBe(401);

    await sleep(1_200);
    const reuse = await supabase(server.url).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.data.session).toBeNull();
    expect(reuse.error).toMatchObject({ status: 400, code: "refresh_token_already_used" });

    // Everything of that session is dead now: the newest access token and the newest refresh token.
    expect(await productStatus(server.url, current.access_token)).toBe(401);
    expect(await productStatus(server.url, session.access_token)).toBe(401);
    const next = await supabase(server.url).auth.refreshSession({ refresh_token: current.refresh_token });
    expect(next.error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
  });
});

describe.each(dbKinds)("built-in auth with AUTH_CONFIRM_EMAIL=true on %s", (kind) => {
  // Started by hand to read the log: the confirmation link goes there, since no mail is sent.
  const logLines: { msg: string; confirmationLink?: string }[] = [];
  let running: RunningServer;
  let database: Database;
  let url: string;
  beforeAll(async () => {
    const config = testConfig({ AUTH_CONFIRM_EMAIL: "true" });
    database = await freshDatabase(kind);
    const logger = pino({ level: "info" }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
    running = await startServer(config, { database, logger });
    url = running.url;
  });
  afterAll(async () => {
    await running.stop();
    await database.close();
    fs.rmSync(running.deps.config.DATA_DIR, { recursive: true, force: true });
  });

  test("sign-up returns the user without a session and sign-in is refused until confirmed", async () => {
    const email = newEmail();
    const { data, error } = await supabase(url).auth.signUp({
      email,
      password: "secret123",
      options: { emailRedirectTo: `${url}/auth/callback` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, aud: "authenticated" });
    expect(data.user!.email_confirmed_at).toBeUndefined();

    const signIn = await supabase(url).auth.signInWithPassword({ email, password: "secret123" });
    expect(signIn.data.session).toBeNull();
    expect(signIn.error).toMatchObject({ status: 400, code: "email_not_confirmed" });

    // The password is still checked first: a wrong one says nothing about confirmation.
    const wrong = await supabase(url).auth.signInWithPassword({ email, password: "wrong-password" });
    expect(wrong.error).toMatchObject({ code: "invalid_credentials" });
  });

  test("the logged confirmation link confirms the e-mail and lands on redirect_to with a session", async () => {
    const email = newEmail();
    const { data } = await supabase(url).auth.signUp({ email, password: "secret123", options: { emailRedirectTo: `${url}/auth/callback` } });
    const line = logLines.find((l) => l.confirmationLink && l.msg.includes("no mail"));
    expect(line).toBeDefined();
    const link = logLines.filter((l) => l.confirmationLink).at(-1)!.confirmationLink!;
    expect(link.startsWith(`${url}/auth/v1/verify?`)).toBe(true);

    const res = await fetch(link, { redirect: "manual" });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${url}/auth/callback`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("token_type")).toBe("bearer");
    expect(fragment.get("type")).toBe("signup");
    expect(decodeJwt(fragment.get("access_token")!).sub).toBe(data.user!.id);
    expect(await productStatus(url, fragment.get("access_token")!)).not.toBe(401);
    const refreshed = await supabase(url).auth.refreshSession({ refresh_token: fragment.get("refresh_token")! });
    expect(refreshed.error).toBeNull();

    const signIn = await supabase(url).auth.signInWithPassword({ email, password: "secret123" });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user!.email_confirmed_at).toBeTruthy();

    // A link is good once.
    const again = await fetch(link, { redirect: "manual" });
    const againFragment = new URLSearchParams(new URL(again.headers.get("location")!).hash.slice(1));
    expect(againFragment.get("error_code")).toBe("otp_expired");
    expect(againFragment.get("access_token")).toBeNull();
  });

  test("a confirmation link never redirects to another site", async () => {
    await supabase(url).auth.signUp({ email: newEmail(), password: "secret123", options: { emailRedirectTo: "https://evil.example/steal" } });
    const link = logLines.filter((l) => l.confirmationLink).at(-1)!.confirmationLink!;
    const res = await fetch(link, { redirect: "manual" });
    expect(new URL(res.headers.get("location")!).origin).toBe(url);

    // Tampering with the link's redirect_to after the fact does not help either.
    const tampered = new URL(link);
    tampered.searchParams.set("redirect_to", "//evil.example/steal");
    const res2 = await fetch(tampered, { redirect: "manual" });
    expect(new URL(res2.headers.get("location")!).origin).toBe(url);
  });

  test("a forged confirmation token is refused", async () => {
    const res = await fetch(`${url}/auth/v1/verify?token=not-a-token&type=signup&redirect_to=${encodeURIComponent(url + "/auth/callback")}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(new URLSearchParams(new URL(res.headers.get("location")!).hash.slice(1)).get("error_code")).toBe("otp_expired");
  });

  test("/settings says sign-ups wait for confirmation", async () => {
    expect(await (await fetch(`${url}/auth/v1/settings`)).json()).toMatchObject({ mailer_autoconfirm: false });
  });
});

describe.each(dbKinds)("auth rate limits on %s", (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      AUTH_RATE_LIMIT_TOKEN: "1",
      AUTH_RATE_LIMIT_TOKEN_BURST: "3",
      AUTH_RATE_LIMIT_SIGNUP: "2",
    });
  });
  afterAll(() => server.close());

  test("too many sign-in attempts get 429 over_request_rate_limit", async () => {
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      const { error } = await supabase(server.url).auth.signInWithPassword({ email: "nobody@example.com", password: "guess-" + i });
      codes.push(error?.code);
    }
    expect(codes).toEqual([
      "invalid_credentials",
      "invalid_credentials",
      "invalid_credentials",
      "over_request_rate_limit",
      "over_request_rate_limit",
    ]);
    const { error } = await supabase(server.url).auth.signInWithPassword({ email: "nobody@example.com", password: "x" });
    expect(error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
  });

  test("too many sign-ups get 429 over_request_rate_limit", async () => {
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await supabase(server.url).auth.signUp({ email: newEmail(), password: "secret123" }));
    expect(results.map((r) => r.error?.code ?? "ok")).toEqual(["ok", "ok", "over_request_rate_limit"]);
    expect(results[2]!.error!.status).toBe(429);
  });
});

describe.each(dbKinds)("short-lived access tokens on %s", (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer(kind, { AUTH_ACCESS_TOKEN_TTL_SECONDS: "2" });
  });
  afterAll(() => server.close());

  test("an access token past its expiry gets 401, and a refresh brings access back", async () => {
    const session = await signUp(server.url);
    expect(session.expires_in).toBe(2);
    // exp is whole seconds after iat, so 2.2 s is past it whatever the sub-second start.
    await sleep(2_200);
    expect(await productStatus(server.url, session.access_token)).toBe(401);
    const { data, error } = await supabase(server.url).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    expect(await productStatus(server.url, data.session!.access_token)).not.toBe(401);
  });
});
