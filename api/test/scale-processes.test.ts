import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database, DatabaseKind } from "../src/db/database.js";
import { databaseUrl, dbKinds, freshDatabase } from "./harness.js";
import { spawnApi, type ApiProcess } from "./support/api-process.js";
import { webmBytes } from "./support/audio.js";
import { noteForm } from "./support/multipart.js";
import { startOpenAITestServer, type OpenAITestServer } from "./support/openai-server.js";
import { startS3TestServer, type S3TestServer } from "./support/s3-server.js";

// The scaled shape as real processes: audio in one S3 bucket, API and transcription in separate
// processes (ROLE), and a kill -9 in the middle of an upload.

interface NoteView {
  id: string;
  title: string;
  hasAudio: boolean;
  hasTranscription: boolean;
  transcription: string | null;
}

let s3: S3TestServer;
let openai: OpenAITestServer;
const processes: ApiProcess[] = [];
const dirs: string[] = [];
const databases: Database[] = [];

beforeAll(async () => {
  s3 = await startS3TestServer();
  openai = await startOpenAITestServer();
  openai.transcriptionText = (call) => `transcript of ${call.filename}`;
});
afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
  await Promise.all(processes.map((p) => p.exited));
  for (const d of databases) await d.close();
  await openai.close();
  await s3.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-scale-"));
  dirs.push(dir);
  return dir;
};

/** A process's environment: its own DATA_DIR (nothing shared on disk), the bucket, the engine, the database. */
async function baseEnv(kind: DatabaseKind, bucketEnv: Record<string, string>) {
  const env: Record<string, string> = {
    ...bucketEnv,
    AUTH_JWT_SECRET: "scale-test-secret-that-is-long-enough-for-hs256",
    TRANSCRIBE_ENGINE: "openai",
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: openai.baseURL,
    TRANSCRIBE_LEASE_SECONDS: "5",
    TRANSCRIBE_POLL_MS: "200",
    TRANSCRIBE_RETRY_BASE_MS: "100",
  };
  let database: Database | undefined;
  if (kind === "postgres") {
    database = await freshDatabase("postgres");
    databases.push(database);
    env.DATABASE_URL = await databaseUrl(database);
  }
  return { env, database };
}

async function start(env: Record<string, string>, dataDir = tempDir()): Promise<ApiProcess> {
  const p = await spawnApi({ ...env, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, "no-web") });
  processes.push(p);
  return p;
}

async function signUpWithCollection(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `s${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`, password: "secret-pass" }),
  });
  expect(res.status).toBe(200);
  const headers = { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
  const domain = await fetch(`${url}/api/domains`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ name: "Journal", primaryColor: "#3b82f6", isDefault: true, userId: "" }),
  });
  expect(domain.status).toBe(201);
  return headers;
}

async function upload(url: string, headers: Record<string, string>, title: string): Promise<void> {
  const res = await fetch(`${url}/api/voice-notes`, { method: "POST", headers, body: noteForm({ title, clientId: title }) });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function listNotes(url: string, headers: Record<string, string>): Promise<NoteView[]> {
  const res = await fetch(`${url}/api/voice-notes?period=month&periodKey=${new Date().toISOString().slice(0, 7)}&tz=UTC`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as NoteView[];
}

async function playBack(url: string, headers: Record<string, string>, id: string): Promise<Buffer> {
  const res = await fetch(`${url}/api/voice-notes/${id}/audio`, { headers });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts an upload of `totalBytes` (a real WebM head, then filler) and resolves once `sendBytes`
 * of it have been written, leaving the request open, as a phone would on a slow link.
 */
async function startSlowUpload(url: string, headers: Record<string, string>, sendBytes: number): Promise<void> {
  const boundary = "----vjkill";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nInterrupted\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="duration"\r\n\r\n600\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`,
  );
  const req = http.request(`${url}/api/voice-notes`, {
    method: "POST",
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  req.on("error", () => undefined); // the server is about to die under it
  const write = (chunk: Buffer) => new Promise<void>((resolve) => (req.write(chunk) ? resolve() : req.once("drain", resolve)));
  await write(Buffer.concat([head, webmBytes()]));
  const filler = Buffer.alloc(256 * 1024, 7);
  for (let sent = 0; sent < sendBytes; sent += filler.length) await write(filler);
}

describe.each(dbKinds)("audio in S3, API on %s", (kind) => {
  test("kill -9 in the middle of an upload leaves no object without its note, after a restart too", async () => {
    const bucket = await s3.bucket();
    const { env } = await baseEnv(kind, bucket.env);
    const dataDir = tempDir(); // PGlite lives here: the restarted process must find it
    const first = await start(env, dataDir);
    const headers = await signUpWithCollection(first.url);
    for (let i = 0; i < 3; i++) await upload(first.url, headers, `kept-${i}`);

    // 8 MB in: the store has started a multipart upload and sent its first 5 MB part.
    await startSlowUpload(first.url, headers, 8 * 1024 * 1024);
    await new Promise((r) => setTimeout(r, 500));
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");

    const second = await start(env, dataDir);
    const notes = await listNotes(second.url, headers);
    expect(notes.map((n) => n.title).sort()).toEqual(["kept-0", "kept-1", "kept-2"]);
    // One object per note, nothing else (no temporary, no half upload), and each note plays.
    const objects = await bucket.keys();
    expect(objects).toHaveLength(3);
    for (const n of notes) expect(await playBack(second.url, headers, n.id)).toEqual(webmBytes());
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 120_000);
});

describe.runIf(dbKinds.includes("postgres"))("ROLE=api ×2 and ROLE=worker on one PostgreSQL and one bucket", () => {
  test("notes uploaded through either API are transcribed once by the worker and play back through the other", async () => {
    const bucket = await s3.bucket();
    const { env, database } = await baseEnv("postgres", bucket.env);
    openai.transcriptions.length = 0;
    const [a, b, worker] = await Promise.all([
      start({ ...env, ROLE: "api" }),
      start({ ...env, ROLE: "api" }),
      start({ ...env, ROLE: "worker" }),
    ]);

    // The worker answers its health check and nothing of the API.
    const health = await fetch(`${worker!.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, role: "worker", audio: expect.stringContaining("s3") });
    expect((await fetch(`${worker!.url}/api/domains`)).status).toBe(404);

    const headers = await signUpWithCollection(a!.url);
    for (let i = 0; i < 4; i++) {
      await upload(a!.url, headers, `via-a-${i}`);
      await upload(b!.url, headers, `via-b-${i}`);
    }
    const notes = await until(() => listNotes(a!.url, headers), (n) => n.length === 8 && n.every((x) => x.hasTranscription), 60_000);
    expect(notes.filter((n) => n.hasTranscription)).toHaveLength(8);

    // Exactly once: 8 engine calls, one attempt per note, all made by the worker with the stored bytes.
    expect(openai.transcriptions).toHaveLength(8);
    expect(new Set(openai.transcriptions.map((c) => c.sha256)).size).toBe(1);
    expect(openai.transcriptions.every((c) => c.bytes.equals(webmBytes()))).toBe(true);
    const attempts = await database!.db.selectFrom("voice_notes").select("attempts").execute();
    expect(attempts.map((r) => r.attempts)).toEqual(Array(8).fill(1));
    const transcribedBy = (p: ApiProcess) => p.logs.filter((l) => l.msg === "note transcribed").length;
    expect([transcribedBy(a!), transcribedBy(b!), transcribedBy(worker!)]).toEqual([0, 0, 8]);

    // Each note plays back through the API process it was not uploaded through.
    for (const n of notes) {
      const other = n.title.startsWith("via-a-") ? b! : a!;
      expect(await playBack(other.url, headers, n.id)).toEqual(webmBytes());
    }

    for (const p of [a!, b!, worker!]) p.child.kill("SIGTERM");
    expect(await Promise.all([a!.exited, b!.exited, worker!.exited])).toEqual([0, 0, 0]);
  }, 120_000);
});
