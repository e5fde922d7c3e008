import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compressDist } from "../../web/scripts/compress-dist.mjs";
import { negotiateEncoding } from "../src/compression.js";
import { createUser, type TestUser } from "./factories.js";
import { dbKinds, startTestServer } from "./harness.js";
import { noteForm } from "./support/multipart.js";

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the wire (fetch would decode them). */
  body: Buffer;
}

function rawRequest(url: string, headers: Record<string, string> = {}, method = "GET", body?: Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const decode = (r: RawResponse): Buffer =>
  r.headers["content-encoding"] === "br"
    ? zlib.brotliDecompressSync(r.body)
    : r.headers["content-encoding"] === "gzip"
      ? zlib.gunzipSync(r.body)
      : r.body;

const CHROME = "gzip, deflate, br, zstd";

describe("Accept-Encoding negotiation", () => {
  test.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    [CHROME, "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1.0, br;q=0.5", "gzip"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["deflate", null],
  ] as const)("%j picks %j", (header, expected) => {
    expect(negotiateEncoding(header, ["br", "gzip"])).toBe(expected);
  });
});

describe("precompressed web assets", () => {
  let dist: string;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const script = `export const greeting = ${JSON.stringify("hello ".repeat(2000))};\n`;
  const html = `<!doctype html><html><head><title>Voice Journal</title></head><body>${"<div>shell</div>".repeat(200)}</body></html>`;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "vj-dist-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.mkdirSync(path.join(dist, "icons"));
    fs.writeFileSync(path.join(dist, "index.html"), html);
    fs.writeFileSync(path.join(dist, "assets", "app-abc123.js"), script);
    fs.writeFileSync(path.join(dist, "sw.js"), `self.addEventListener("fetch", () => {});\n`.repeat(50));
    fs.writeFileSync(path.join(dist, "icons", "icon.png"), zlib.gzipSync(Buffer.alloc(4000, 7)));
    // The build's own post-step writes the copies.
    await compressDist(dist);
    server = await startTestServer(dbKinds[0]!, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test("the build wrote a .br and a .gz beside each text file, and none beside the PNG", () => {
    for (const f of ["index.html", "assets/app-abc123.js", "sw.js"]) {
      expect(fs.existsSync(path.join(dist, `${f}.br`)), f).toBe(true);
      expect(fs.existsSync(path.join(dist, `${f}.gz`)), f).toBe(true);
    }
    expect(fs.existsSync(path.join(dist, "icons/icon.png.br"))).toBe(false);
  });

  test("a browser accepting brotli gets the brotli copy of a script, with its type, Vary and immutable caching", async () => {
    const res = await rawRequest(`${server.url}/assets/app-abc123.js`, { "accept-encoding": CHROME });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["vary"]).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toMatch(/immutable/);
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(decode(res).toString()).toBe(script);
  });

  test("gzip when that is all the client takes; the plain file with Vary when it takes neither", async () => {
    const gz = await rawRequest(`${server.url}/assets/app-abc123.js`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(decode(gz).toString()).toBe(script);
    const plain = await rawRequest(`${server.url}/assets/app-abc123.js`);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(script);
    const refused = await rawRequest(`${server.url}/assets/app-abc123.js`, { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toBe(script);
  });

  test("the start page, a deep link and the service worker come compressed and revalidate (no-cache)", async () => {
    for (const p of ["/", "/index.html", "/work/2026-05", "/sw.js"]) {
      const res = await rawRequest(`${server.url}${p}`, { "accept-encoding": CHROME });
      expect(res.status, p).toBe(200);
      expect(res.headers["content-encoding"], p).toBe("br");
      expect(res.headers["cache-control"], p).toBe("no-cache");
      expect(res.headers["vary"], p).toMatch(/accept-encoding/i);
      expect(decode(res).toString(), p).toBe(p === "/sw.js" ? fs.readFileSync(path.join(dist, "sw.js"), "utf8") : html);
    }
  });

  test("a HEAD answers the compressed length without a body; a Range request gets the plain bytes", async () => {
    const head = await rawRequest(`${server.url}/assets/app-abc123.js`, { "accept-encoding": CHROME }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBe(fs.statSync(path.join(dist, "assets/app-abc123.js.br")).size);
    expect(head.body.length).toBe(0);
    const range = await rawRequest(`${server.url}/assets/app-abc123.js`, { "accept-encoding": CHROME, range: "bytes=0-9" });
    expect(range.status).toBe(206);
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.body.toString()).toBe(script.slice(0, 10));
  });

  test("an image is never re-encoded", async () => {
    const res = await rawRequest(`${server.url}/icons/icon.png`, { "accept-encoding": CHROME });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.equals(fs.readFileSync(path.join(dist, "icons/icon.png")))).toBe(true);
  });

  test("a path escaping the build folder is not served", async () => {
    const res = await rawRequest(`${server.url}/assets/..%2f..%2fetc%2fpasswd`, { "accept-encoding": CHROME });
    expect(res.body.toString()).not.toMatch(/root:/);
  });
});

describe.each(dbKinds)("JSON API compression on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let user: TestUser;
  let domainId: string;
  let noteId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    user = await createUser(server.deps);
    const created = await rawRequest(
      `${server.url}/api/domains`,
      { ...user.headers, "content-type": "application/json" },
      "POST",
      Buffer.from(JSON.stringify({ name: "Daily", primaryColor: "#3b82f6", isDefault: true, userId: "" })),
    );
    domainId = (JSON.parse(created.body.toString()) as { id: string }).id;
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${server.url}/api/voice-notes`, {
        method: "POST",
        headers: user.headers,
        body: noteForm({ domainId, title: `Morning walk number ${i} by the river`, duration: "30", createdAt: `2026-05-0${1 + (i % 9)}T08:00:00.000Z` }),
      });
      expect(res.status).toBe(201);
      noteId = ((await res.json()) as { id: string }).id;
    }
  });
  afterAll(() => server?.close());

  test("a notes list over 1 KiB travels compressed and decodes to the same JSON as the plain answer", async () => {
    const url = `${server.url}/api/voice-notes?period=month&periodKey=2026-05&tz=UTC&domainId=${domainId}`;
    const plain = await rawRequest(url, user.headers);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers["vary"]).toMatch(/accept-encoding/i);
    for (const [accept, encoding] of [[CHROME, "br"], ["gzip", "gzip"]] as const) {
      const res = await rawRequest(url, { ...user.headers, "accept-encoding": accept });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["vary"]).toMatch(/accept-encoding/i);
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(res).toString())).toEqual(JSON.parse(plain.body.toString()));
    }
  });

  test("a small answer (health, one collection) goes out as it is", async () => {
    for (const p of ["/api/health", `/api/domains/${domainId}/stats`]) {
      const res = await rawRequest(`${server.url}${p}`, { ...user.headers, "accept-encoding": CHROME });
      expect(res.status, p).toBe(200);
      expect(res.body.length, p).toBeLessThan(1024);
      expect(res.headers["content-encoding"], p).toBeUndefined();
    }
  });

  test("audio is never compressed, even for a client that accepts it", async () => {
    const res = await rawRequest(`${server.url}/api/voice-notes/${noteId}/audio`, { ...user.headers, "accept-encoding": CHROME });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/webm");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
  });

  test("an error answer in the error shape decodes like any JSON", async () => {
    const res = await rawRequest(`${server.url}/api/voice-notes?period=month&periodKey=2026-13&tz=UTC`, {
      ...user.headers,
      "accept-encoding": CHROME,
    });
    expect(res.status).toBe(400);
    const body = JSON.parse(decode(res).toString()) as { error: { code: string } };
    expect(body.error.code).toBe("validation_failed");
  });
});
