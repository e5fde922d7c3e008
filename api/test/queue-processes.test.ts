import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database, DatabaseKind } from "../src/db/database.js";
import { databaseUrl, dbKinds, freshDatabase } from "./harness.js";
import { spawnApi, type ApiProcess } from "./support/api-process.js";
import { EventStream, eventId } from "./support/event-stream.js";
import { noteForm } from "./support/multipart.js";
import { startOpenAITestServer, type OpenAITestServer } from "./support/openai-server.js";

// Whole API processes: killed mid-work, restarted, and run side by side on one database.

interface NoteView {
  id: string;
  isTranscribing: boolean;
  hasTranscription: boolean;
  isError: boolean;
  transcription: string | null;
}

async function signUp(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `p${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`, password: "secret-pass" }),
  });
  const body = (await res.json()) as { access_token: string };
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${body.access_token}` };
}

async function uploadNotes(url: string, headers: Record<string, string>, count: number, batch = "a"): Promise<void> {
  const res = await fetch(`${url}/api/domains`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ name: `Journal ${Math.random().toString(36).slice(2, 6)}`, primaryColor: "#3b82f6", isDefault: true, userId: "" }),
  });
  expect(res.status).toBe(201);
  for (let i = 0; i < count; i++) {
    const up = await fetch(`${url}/api/voice-notes`, { method: "POST", headers, body: noteForm({ title: `Note ${i}`, clientId: `rec-${batch}-${i}` }) });
    expect(up.status).toBe(201);
  }
}

async function listNotes(url: string, headers: Record<string, string>): Promise<NoteView[]> {
  const key = new Date().toISOString().slice(0, 7);
  const res = await fetch(`${url}/api/voice-notes?period=month&periodKey=${key}&tz=UTC`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as NoteView[];
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
 * How long a claimed job is held. On PostgreSQL a short one, so another process takes over a killed
 * one's work soon. The embedded database is opened by one process only: a restart takes up what
 * the killed process held at once, so there a lease far longer than any wait below can only make
 * these tests fail.
 */
const leaseSeconds = (kind: DatabaseKind) => (kind === "pglite" ? "600" : "2");

/** Environment for an API process on `kind`, sharing DATA_DIR (audio, PGlite) and the signing key. */
async function processEnv(kind: DatabaseKind, openai: OpenAITestServer, dataDir: string) {
  let database: Database | undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_JWT_SECRET: "process-test-secret-that-is-long-enough-for-hs256",
    TRANSCRIBE_ENGINE: "openai",
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: openai.baseURL,
    TRANSCRIBE_LEASE_SECONDS: leaseSeconds(kind),
    TRANSCRIBE_POLL_MS: "200",
    TRANSCRIBE_RETRY_BASE_MS: "100",
    WEB_DIST: path.join(dataDir, "no-web"),
  };
  if (kind === "postgres") {
    database = await freshDatabase("postgres");
    env.DATABASE_URL = await databaseUrl(database);
  }
  return { env, database };
}

describe.each(dbKinds)("API processes on %s", (kind) => {
  let openai: OpenAITestServer;
  let dataDir: string;
  const processes: ApiProcess[] = [];
  let database: Database | undefined;

  beforeAll(async () => {
    openai = await startOpenAITestServer();
    openai.transcriptionText = (call) => `transcript of ${call.filename}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-proc-"));
  });
  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
    await openai.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("killed while transcribing and started again, every note ends transcribed and none is stuck", async () => {
    const setup = await processEnv(kind, openai, path.join(dataDir, "crash"));
    database = setup.database;
    openai.transcriptionDelayMs = 400;
    const first = await spawnApi(setup.env);
    processes.push(first);
    // The start-up log names the engines in use.
    expect(first.logs.find((l) => l.msg === "engines")).toMatchObject({ transcription: expect.stringContaining("openai") });
    const headers = await signUp(first.url);
    await uploadNotes(first.url, headers, 6);
    // Kill -9 once the engine is busy with a note: its lease is held by a dead process.
    await until(async () => openai.transcriptions.length, (n) => n >= 2, 20_000);
    first.child.kill("SIGKILL");
    await first.exited;
    const before = await until(async () => openai.transcriptions.length, () => true, 0);

    const second = await spawnApi(setup.env);
    processes.push(second);
    const notes = await until(() => listNotes(second.url, headers), (n) => n.every((x) => !x.isTranscribing), 60_000);
    expect(notes).toHaveLength(6);
    expect(notes.filter((n) => n.isTranscribing)).toEqual([]);
    expect(notes.every((n) => n.hasTranscription && !n.isError && n.transcription!.startsWith("transcript of "))).toBe(true);
    expect(openai.transcriptions.length).toBeGreaterThan(before);

    // A graceful stop exits 0 and closes the database.
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 120_000);

  test("killed while a slow model writes a summary and started again, the summary is stored exactly once", async () => {
    const setup = await processEnv(kind, openai, path.join(dataDir, "summary-crash"));
    const env = { ...setup.env, SUMMARY_ENGINE: "openai", SUMMARY_LEASE_SECONDS: leaseSeconds(kind) };
    await database?.close();
    database = setup.database;
    const first = await spawnApi(env);
    processes.push(first);
    const headers = await signUp(first.url);
    await uploadNotes(first.url, headers, 1, "s");
    const [note] = await until(() => listNotes(first.url, headers), (n) => n.every((x) => x.hasTranscription), 30_000);
    const domainId = ((await (await fetch(`${first.url}/api/domains`, { headers })).json()) as { id: string }[])[0]!.id;
    const day = new Date().toISOString().slice(0, 10);
    expect(note!.hasTranscription).toBe(true);

    // A model that takes 30 s; the client drops its request after 2 s.
    openai.chatDelayMs = 30_000;
    const chatsBefore = openai.chats.length;
    const request = { period: "day", periodKey: day, domainId, isGeneralSummary: true, tz: "UTC", clientRequestId: "slow-1" };
    const sent = await fetch(`${first.url}/api/summaries/generate`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(2000),
    });
    expect(sent.status).toBe(202);
    const pending = (await sent.json()) as { id: string; status: string };
    expect(pending.status).toBe("pending");
    await until(async () => openai.chats.length, (n) => n > chatsBefore, 20_000);
    first.child.kill("SIGKILL");
    await first.exited;
    openai.chatDelayMs = 0;

    const second = await spawnApi(env);
    processes.push(second);
    const list = async () =>
      (await (await fetch(`${second.url}/api/summaries?period=day&periodKey=${day}&domainId=${domainId}`, { headers })).json()) as { id: string; status: string }[];
    const ended = await until(list, (s) => s.every((x) => x.status !== "pending"), 60_000);
    expect(ended.map((s) => [s.id, s.status])).toEqual([[pending.id, "ready"]]);
    // The same request sent again finds it; nothing was written twice.
    const resent = await fetch(`${second.url}/api/summaries/generate`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(request) });
    expect(resent.status).toBe(200);
    expect(((await resent.json()) as { id: string }).id).toBe(pending.id);
    expect(await list()).toHaveLength(1);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 150_000);
});

describe.runIf(dbKinds.includes("postgres"))("API replicas on PostgreSQL", () => {
  let openai: OpenAITestServer;
  let dataDir: string;
  const processes: ApiProcess[] = [];

  beforeAll(async () => {
    openai = await startOpenAITestServer();
    openai.transcriptionText = (call) => `transcript of ${call.filename}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-pair-"));
  });
  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
    await openai.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("two processes sharing the queue transcribe every note exactly once", async () => {
    const setup = await processEnv("postgres", openai, path.join(dataDir, "pair"));
    const pairDb = setup.database!;
    openai.transcriptions.length = 0;
    openai.transcriptionDelayMs = 100;
    const [a, b] = await Promise.all([spawnApi(setup.env), spawnApi(setup.env)]);
    processes.push(a!, b!);
    const headers = await signUp(a!.url);
    await uploadNotes(a!.url, headers, 10);
    await uploadNotes(b!.url, headers, 10, "b");
    const notes = await until(() => listNotes(a!.url, headers), (n) => n.length === 20 && n.every((x) => x.hasTranscription), 60_000);
    expect(notes.filter((n) => n.hasTranscription)).toHaveLength(20);

    // 20 engine calls for 20 transcribed notes: none was transcribed twice, so none was skipped either.
    expect(openai.transcriptions).toHaveLength(20);
    const attempts = await pairDb.db.selectFrom("voice_notes").select("attempts").execute();
    expect(attempts.every((r) => r.attempts === 1)).toBe(true);

    a!.child.kill("SIGTERM");
    b!.child.kill("SIGTERM");
    expect(await Promise.all([a!.exited, b!.exited])).toEqual([0, 0]);
    await pairDb.close();
  }, 120_000);

  test("a note stored by a ROLE=api process wakes the ROLE=worker process at once (LISTEN/NOTIFY), not at its next poll, and the API's events stream hears its transcript", async () => {
    const setup = await processEnv("postgres", openai, path.join(dataDir, "notify"));
    // A poll so slow that only the notification can explain a prompt transcription.
    const env = { ...setup.env, TRANSCRIBE_POLL_MS: "120000", AUTH_JWT_SECRET: setup.env.AUTH_JWT_SECRET! };
    openai.transcriptionDelayMs = 0;
    const worker = await spawnApi({ ...env, ROLE: "worker" });
    const api = await spawnApi({ ...env, ROLE: "api" });
    processes.push(worker, api);
    const headers = await signUp(api.url);
    // The page's stream on the API process hears of the worker's transcript (a second NOTIFY channel).
    const stream = new EventStream(await fetch(`${api.url}/api/events`, { headers }));
    expect(await stream.next((e) => e.event === "ready")).toBeDefined();
    const started = Date.now();
    await uploadNotes(api.url, headers, 1, "n");
    const notes = await until(() => listNotes(api.url, headers), (n) => n.length === 1 && n[0]!.hasTranscription, 15_000);
    expect(notes[0]!.hasTranscription).toBe(true);
    expect(eventId(await stream.next((e) => e.event === "note", 15_000))).toBe(notes[0]!.id);
    stream.close();
    expect(Date.now() - started).toBeLessThan(15_000);
    api.child.kill("SIGTERM");
    worker.child.kill("SIGTERM");
    expect(await Promise.all([api.exited, worker.exited])).toEqual([0, 0]);
    await setup.database!.close();
  }, 120_000);
});

