import { Hono } from "hono";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createErrorHandler } from "../src/errors.js";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { noteForm } from "./support/multipart.js";

// What the API accepts leniently and what it refuses, decided: passwords that are not valid
// text, numbers not written in decimal, ids in upper case, JSON sent as text/plain, a client
// that stops waiting.

describe.each(dbKinds)("lenient input, decided, on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let domainId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { TRANSCRIBE_ENGINE: "none" });
    user = await createUser(t.deps);
    domainId = (await createDomain(t, user, { name: "Home", isDefault: true })).id;
  });
  afterAll(() => t.close());

  const signUp = (password: string) =>
    t.app.request("/auth/v1/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `p${crypto.randomUUID().slice(0, 8)}@example.com`, password }),
    });

  test("a password with an unpaired surrogate or U+FFFD is refused at sign-up (they would all be one password); a plain one is not", async () => {
    for (const password of ["Pass\ud800word", "Pass\udfffword", "Pass\ufffdword"]) {
      const res = await signUp(password);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ error_code: "weak_password", weak_password: { reasons: ["characters"] } });
    }
    expect((await signUp("Password")).status).toBe(200);
  });

  test("numbers are decimal: limit=0x10, 1e1 or Infinity answers 400; limit=16 is a page of 16", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const list = (limit: string) => call(t, "GET", `/api/voice-notes?period=day&periodKey=${today}&limit=${limit}`, { user });
    for (const limit of ["0x10", "1e1", "Infinity", "0b1"]) {
      expect((await expectError(await list(limit), 400, "validation_failed")).error.message).toMatch(/limit must be a whole number/);
    }
    expect((await list("16")).status).toBe(200);
    const upload = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ domainId, duration: "0x10" }) });
    await expectError(upload, 400, "validation_failed");
  });

  test("JSON sent as text/plain (or with no type) is read as JSON", async () => {
    for (const type of ["text/plain", undefined]) {
      const res = await t.app.request("/api/domains", {
        method: "POST",
        headers: { ...user.headers, ...(type ? { "content-type": type } : {}) },
        body: JSON.stringify({ name: `Plain ${type ?? "none"}`, primaryColor: "#3b82f6", isDefault: false }),
      });
      expect(res.status).toBe(201);
    }
  });

  test("a collection id in upper case names the same collection when a conversation continues (POST /api/chat with threadId)", async () => {
    const ask = (json: Record<string, unknown>) => call(t, "POST", "/api/chat", { user, json, headers: { accept: "application/json" } });
    const first = await ask({ question: "What did I do?", domainId });
    expect(first.status, await first.clone().text()).toBe(200);
    const { threadId } = (await first.json()) as { threadId: string };
    const next = await ask({ question: "And then?", domainId: domainId.toUpperCase(), threadId: threadId.toUpperCase() });
    expect(next.status, await next.clone().text()).toBe(200);
    expect(((await next.json()) as { threadId: string }).threadId).toBe(threadId);
  });
});

describe("a client that stops waiting", () => {
  test("what fails after the client went away is logged at info, not as an error", async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: "info" }, new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string }), done()) }));
    const stop = new AbortController();
    const app = new Hono().onError(createErrorHandler(logger)).post("/api/chat", async (c) => {
      await new Promise((resolve) => c.req.raw.signal.addEventListener("abort", resolve, { once: true }));
      throw new Error("Request was aborted.");
    });
    const answered = app.request(new Request("http://x/api/chat", { method: "POST", signal: stop.signal }));
    stop.abort();
    await answered;
    await new Promise((r) => setTimeout(r, 10));
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[30, "request ended: the client went away"]]);
  });
});
