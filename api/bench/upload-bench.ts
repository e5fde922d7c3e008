/**
 * Upload benchmark (not a test): streams a 90 MB recording to a real server process on PGlite
 * and samples that process's RSS, to show the upload path keeps memory flat (DESIGN §6).
 * Compares throughput with a bare loopback file copy over node:http.
 *
 *   cd api && npx tsx bench/upload-bench.ts [sizeMB]
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

const SIZE_MB = Number(process.argv[2] ?? 90);
const SIZE = SIZE_MB * 1024 * 1024;
const apiDir = path.resolve(import.meta.dirname, "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "vj-bench-"));

function makeRecording(file: string, bytes: number) {
  // A real WebM header (so the upload passes the content sniff) followed by random bytes.
  const header = fs.readFileSync(path.join(apiDir, "test/fixtures/note.webm")).subarray(0, 64);
  const fd = fs.openSync(file, "w");
  fs.writeSync(fd, header);
  const chunk = crypto.randomBytes(1024 * 1024);
  for (let written = header.length; written < bytes; written += chunk.length) {
    fs.writeSync(fd, chunk, 0, Math.min(chunk.length, bytes - written));
  }
  fs.closeSync(fd);
}

async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

async function startApi(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: apiDir,
    env: { ...process.env, DATA_DIR: path.join(work, "data"), PORT: String(port), LOG_LEVEL: "info", DATABASE_URL: "", TRANSCRIBE_ENGINE: "none", WEB_DIST: path.join(work, "no-web") },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes('"listening"') || out.includes("listening")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  child.stdout!.resume();
  return { child, url: `http://127.0.0.1:${port}` };
}

function rssMB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The multipart body as a stream: fields, then the file streamed from disk, then the closing boundary. */
function multipartStream(file: string, fields: Record<string, string>) {
  const boundary = `----vjbench${crypto.randomBytes(8).toString("hex")}`;
  const head =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join("") +
    `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  async function* parts() {
    yield Buffer.from(head);
    yield* fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    yield Buffer.from(tail);
  }
  const length = Buffer.byteLength(head) + fs.statSync(file).size + Buffer.byteLength(tail);
  return { body: Readable.from(parts()), contentType: `multipart/form-data; boundary=${boundary}`, length };
}

async function json(res: Response) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text);
}

async function loopbackCopy(file: string): Promise<number> {
  const target = path.join(work, "copy.bin");
  const server = http.createServer((req, res) => {
    pipeline(req, fs.createWriteStream(target)).then(() => res.end("ok"), () => res.end("fail"));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method: "POST", headers: { "content-length": fs.statSync(file).size } }, (res) => {
      res.resume();
      res.on("end", resolve);
    });
    req.on("error", reject);
    fs.createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(req);
  });
  const seconds = (performance.now() - started) / 1000;
  server.close();
  return seconds;
}

async function main() {
  const file = path.join(work, "big.webm");
  makeRecording(file, SIZE);
  const { child, url } = await startApi();
  try {
    const session = await json(
      await fetch(`${url}/auth/v1/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: "bench-password" }),
      }),
    );
    const auth = { authorization: `Bearer ${session.access_token}` };
    await json(
      await fetch(`${url}/api/domains`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ name: "Bench", primaryColor: "#3b82f6", isDefault: true }),
      }),
    );

    const upload = async (path: string, clientId: string) => {
      const mp = multipartStream(path, { title: "Bench", duration: "5400", createdAt: new Date().toISOString(), clientId });
      return fetch(`${url}/api/voice-notes`, {
        method: "POST",
        headers: { ...auth, "content-type": mp.contentType, "content-length": String(mp.length) },
        body: Readable.toWeb(mp.body) as ReadableStream,
        duplex: "half",
      } as RequestInit);
    };

    // Warm-up: load the upload path's code once so its one-off allocations are not counted.
    const small = path.join(work, "small.webm");
    makeRecording(small, 256 * 1024);
    await json(await upload(small, "warm-up"));
    await new Promise((r) => setTimeout(r, 500));

    const pid = child.pid!;
    const baseline = rssMB(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMB(pid))), 50);
    const started = performance.now();
    const res = await upload(file, "big");
    const note = await json(res);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMB(pid));
    if (note.audioBytes !== SIZE) throw new Error(`stored ${note.audioBytes} bytes, expected ${SIZE}`);

    const copySeconds = await loopbackCopy(file);
    const rows: [string, string][] = [
      ["upload size", `${SIZE_MB} MB`],
      ["server RSS before upload", `${baseline.toFixed(1)} MB`],
      ["server RSS peak during upload", `${peak.toFixed(1)} MB`],
      ["server peak RSS growth", `${(peak - baseline).toFixed(1)} MB (target < 30 MB)`],
      ["upload throughput (API, PGlite)", `${(SIZE_MB / seconds).toFixed(1)} MB/s (${seconds.toFixed(2)} s)`],
      ["loopback file copy (bare node:http)", `${(SIZE_MB / copySeconds).toFixed(1)} MB/s (${copySeconds.toFixed(2)} s)`],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\n| ${"measure".padEnd(width)} | value |\n|${"-".repeat(width + 2)}|-------|`);
    for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
