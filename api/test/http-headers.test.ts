import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain } from "./support/api.js";
import { webmBytes } from "./support/audio.js";
import { noteForm } from "./support/multipart.js";

// DESIGN §9: security headers on every response, and a cache policy per kind of response.

/** The prerendered pages' inline session hint, and the CSP source that allows exactly it. */
const HINT = "document.documentElement.classList.add('vj-may-have-session')";
const HINT_SOURCE = `'sha256-${createHash("sha256").update(HINT).digest("base64")}'`;
const prerendered = (name: string) => `<!doctype html><html><head><script>${HINT}</script></head><body><div id="prerendered">${name}</div><div id="root"></div></body></html>`;

/**
 * A built web app as vite lays it out: hashed assets, the service worker and the manifest at the
 * root, and the visitor pages prerendered (web/scripts/prerender-pages.mjs), sign-in with the
 * brotli copy the build writes.
 */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-dist-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "index.html"), `<!doctype html><html><head><script type="module" src="/assets/index-Dx9aB3cQ.js"></script></head><body><div id="root"></div></body></html>`);
  fs.writeFileSync(path.join(dir, "assets", "index-Dx9aB3cQ.js"), "console.log('app')");
  fs.writeFileSync(path.join(dir, "sw.js"), "self.addEventListener('fetch', () => {})");
  fs.writeFileSync(path.join(dir, "manifest.webmanifest"), JSON.stringify({ name: "Voice Journal" }));
  fs.mkdirSync(path.join(dir, "prerendered", "auth", "login"), { recursive: true });
  fs.writeFileSync(path.join(dir, "prerendered", "index.html"), prerendered("Landing page"));
  const login = path.join(dir, "prerendered", "auth", "login", "index.html");
  fs.writeFileSync(login, prerendered("Sign-in page"));
  fs.writeFileSync(`${login}.br`, zlib.brotliCompressSync(prerendered("Sign-in page")));
  return dir;
}

/** A CSP directive's sources, e.g. sources(csp, "connect-src") -> ["'self'", "https://x.supabase.co"]. */
function sources(csp: string, directive: string): string[] {
  const found = csp.split(";").map((d) => d.trim().split(/\s+/)).find(([name]) => name === directive);
  return found ? found.slice(1) : [];
}

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(sources(csp, "frame-ancestors"), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(sources(csp, "default-src"), what).toEqual(["'self'"]);
  // The built app's scripts are files of its own origin; the one inline script runs by its hash.
  expect(sources(csp, "script-src"), what).toEqual(["'self'", HINT_SOURCE]);
  // Recordings play from the API (same origin) and, offline, from blob: URLs of the outbox.
  expect(sources(csp, "media-src"), what).toEqual(expect.arrayContaining(["'self'", "blob:"]));
  expect(sources(csp, "worker-src"), what).toEqual(["'self'"]);
  expect(sources(csp, "object-src"), what).toEqual(["'none'"]);
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
  expect(res.headers.get("referrer-policy"), what).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
  expect(res.headers.get("permissions-policy"), what).toMatch(/(^|, ?)microphone=\(self\)/);
}

describe.each(dbKinds)("HTTP headers on %s", (kind) => {
  let t: TestApp;
  let dist: string;
  let user: TestUser;
  let noteId: string;

  beforeAll(async () => {
    dist = fakeWebDist();
    t = await createTestApp(kind, { WEB_DIST: dist });
    user = await createUser(t.deps);
    await createDomain(t, user, { isDefault: true });
    // WebM bytes declared as a type a browser would render: the server must not echo it back.
    const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ audio: webmBytes(), type: "audio/html" }) });
    expect(res.status).toBe(201);
    noteId = ((await res.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test.each(["/", "/work/2026-03", "/index.html", "/auth/login"])("the app's HTML at %s carries the security headers and no-cache", async (url) => {
    const res = await t.app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expectSecurityHeaders(res, url);
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  test.each([
    ["/", "Landing page"],
    ["/auth/login", "Sign-in page"],
  ])("%s is the prerendered page, revalidated on every load (no-cache)", async (url, content) => {
    const res = await t.app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expectSecurityHeaders(res, url);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain(`<div id="prerendered">${content}</div>`);
  });

  test("the prerendered page's brotli copy goes to a client that takes it, also no-cache", async () => {
    const res = await t.app.request("/auth/login", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toContain("Sign-in page");
  });

  test.each(["/work/2026-03", "/auth/signup"])("%s, not prerendered, is the app shell", async (url) => {
    const html = await (await t.app.request(url)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("prerendered");
  });

  test("a sign-in form sent before the app took over gets the page back, the password out of the URL", async () => {
    const res = await t.app.request("/auth/login", { method: "POST", body: new URLSearchParams({ email: "a@b.c", password: "secret" }) });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/auth/login");
  });

  test("the API reference page carries the security headers, and its inline styles are allowed", async () => {
    const res = await t.app.request("/api/docs");
    expect(res.status).toBe(200);
    expectSecurityHeaders(res, "/api/docs");
    const html = await res.text();
    expect(html).toContain("<style");
    expect(sources(res.headers.get("content-security-policy")!, "style-src")).toContain("'unsafe-inline'");
  });

  test("a hashed build asset is immutable for a year", async () => {
    const res = await t.app.request("/assets/index-Dx9aB3cQ.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test.each(["/sw.js", "/manifest.webmanifest"])("%s revalidates on every load (no-cache)", async (url) => {
    const res = await t.app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("API JSON with user data is no-store", async () => {
    const res = await call(t, "GET", "/api/domains", { user });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expectSecurityHeaders(res, "/api/domains");
    const refused = await call(t, "GET", "/api/domains");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  test("audio is served as the format the server recognised, with nosniff and no-store", async () => {
    const res = await call(t, "GET", `/api/voice-notes/${noteId}/audio`, { user });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/webm");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(webmBytes())).toBe(true);
    const ranged = await call(t, "GET", `/api/voice-notes/${noteId}/audio`, { user, headers: { range: "bytes=0-3" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("audio/webm");
    // The note itself reports the recognised type too.
    const list = (await (await call(t, "GET", `/api/voice-notes?period=month&periodKey=${new Date().toISOString().slice(0, 7)}`, { user })).json()) as { audioMimeType: string }[];
    expect(list[0]!.audioMimeType).toBe("audio/webm");
  });

  test("the served type follows the bytes, not the declared type", async () => {
    const ogg = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(60, 1)]);
    const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ audio: ogg, type: "audio/webm" }) });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    const audio = await call(t, "GET", `/api/voice-notes/${id}/audio`, { user });
    expect(audio.headers.get("content-type")).toBe("audio/ogg");
    await audio.arrayBuffer();
  });

  test("the token endpoint's answers are no-store (RFC 6749 §5.1) and carry the security headers", async () => {
    const signUp = await t.app.request("/auth/v1/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `h${Date.now()}@example.com`, password: "secret-pass" }),
    });
    expect(signUp.status).toBe(200);
    expect(signUp.headers.get("cache-control")).toBe("no-store");
    const { refresh_token } = (await signUp.json()) as { refresh_token: string };
    const res = await t.app.request("/auth/v1/token?grant_type=refresh_token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expectSecurityHeaders(res, "/auth/v1/token");
    const failed = await t.app.request("/auth/v1/token?grant_type=refresh_token", { method: "POST", body: JSON.stringify({ refresh_token: "nope" }) });
    expect(failed.status).toBe(400);
    expect(failed.headers.get("cache-control")).toBe("no-store");
  });

  test("GET /robots.txt is a real robots file, not the app", async () => {
    const res = await t.app.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).not.toContain("<html");
  });
});

describe("the CSP with a Supabase project configured", () => {
  test("connect-src names the Supabase origin of the server and of the web build", async () => {
    const dist = fakeWebDist();
    const t = await createTestApp("pglite", {
      WEB_DIST: dist,
      SUPABASE_URL: "https://abcd.supabase.co/",
      SUPABASE_JWT_SECRET: "supabase-secret-that-is-long-enough-for-hs256",
      VITE_SUPABASE_URL: "https://efgh.supabase.co",
    });
    try {
      const res = await t.app.request("/");
      const connect = sources(res.headers.get("content-security-policy")!, "connect-src");
      expect(connect).toEqual(expect.arrayContaining(["'self'", "https://abcd.supabase.co", "https://efgh.supabase.co"]));
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
