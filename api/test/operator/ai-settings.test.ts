import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../../src/db/database.js";
import { liveEngines } from "../../src/engines/live.js";
import { resolveEngines } from "../../src/engines/resolve.js";
import { startServer, type RunningServer } from "../../src/server.js";
import { createUser, type TestUser } from "../factories.js";
import { databaseUrl, dbKinds, freshDatabase, testConfig } from "../harness.js";
import { noteForm } from "../support/multipart.js";
import { startOpenAITestServer, type OpenAITestServer } from "../support/openai-server.js";
import { waitFor } from "../support/wait.js";

const SECRET = "sk-test-SECRET-0123456789abcdef";


describe.each(dbKinds)("AI settings set from the app on %s", (kind) => {
  const logs: string[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => void logs.push(line) });
  let engine: OpenAITestServer;
  let database: Database;
  /** Where the admin screen talks to; on PostgreSQL an HTTP-only process (ROLE=api)... */
  let web: RunningServer;
  /** ...and the process that transcribes, a second one (ROLE=worker). On PGlite both are one process. */
  let worker: RunningServer;
  let admin: TestUser;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    engine = await startOpenAITestServer();
    database = await freshDatabase(kind);
    const base = testConfig({ TRANSCRIBE_POLL_MS: "50", SUMMARY_ENGINE: "auto" });
    if (kind === "postgres") base.DATABASE_URL = await databaseUrl(database);
    // No engine at start (this host's pocketsphinx is kept out): the notes wait for one.
    const start = (role: "all" | "api" | "worker") => {
      const config = { ...base, ROLE: role };
      return startServer(config, { database, logger, engines: liveEngines(resolveEngines(config, () => false)) });
    };
    if (kind === "postgres") {
      web = await start("api");
      worker = await start("worker");
      stops.push(() => worker.stop());
    } else web = worker = await start("all");
    stops.push(() => web.stop());
    admin = await createUser(web.deps);
    await database.db.updateTable("users").set({ is_admin: true }).where("id", "=", admin.id).execute();
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await database.close();
    await engine.close();
  });

  const api = async (method: string, path: string, json?: unknown) => {
    const res = await fetch(`${web.url}${path}`, {
      method,
      headers: { ...admin.headers, ...(json !== undefined ? { "content-type": "application/json" } : {}) },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
    const text = await res.text();
    expect(text).not.toContain(SECRET);
    return { status: res.status, body: JSON.parse(text) as any };
  };

  test("reach the process that transcribes without a restart, queue the notes that waited, and never show the key", async () => {
    const domainId = (await api("POST", "/api/domains", { name: "Home", isDefault: true })).body.id as string;
    const upload = await fetch(`${web.url}/api/voice-notes`, { method: "POST", headers: admin.headers, body: noteForm({ domainId }) });
    const noteId = ((await upload.json()) as { id: string }).id;
    const note = () => database.db.selectFrom("voice_notes").selectAll().where("id", "=", noteId).executeTakeFirstOrThrow();
    expect((await waitFor(note, (n) => n.awaiting_engine)).awaiting_engine).toBe(true);
    expect(worker.deps.engines.info.transcription).toBe("none");

    const saved = await api("PATCH", "/api/admin/settings", {
      ai: { baseUrl: engine.baseURL, apiKey: SECRET, transcriptionModel: "whisper-from-the-app", summaryModel: "summary-from-the-app" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.ai).toEqual({
      baseUrl: { value: engine.baseURL, fromEnvironment: false },
      apiKey: { set: true, fromEnvironment: false },
      transcriptionModel: { value: "whisper-from-the-app", fromEnvironment: false },
      summaryModel: { value: "summary-from-the-app", fromEnvironment: false },
      chatModel: { value: null, fromEnvironment: false },
    });

    // The transcribing process (another one on PostgreSQL) takes the note that waited, with the new model.
    const done = await waitFor(note, (n) => n.is_transcribed);
    expect(done).toMatchObject({ is_transcribed: true, awaiting_engine: false });
    expect(engine.transcriptions.map((c) => c.model)).toEqual(["whisper-from-the-app"]);
    expect(worker.deps.engines.info.transcription).toBe("openai");
    expect(web.deps.engines.info.summaries).toBe("openai");
    expect(web.deps.engines.chat?.name).toBe("openai:summary-from-the-app");

    // Stored sealed: the database holds no readable key.
    const row = await database.db.selectFrom("instance_settings").select("ai_key_encrypted").executeTakeFirstOrThrow();
    expect(row.ai_key_encrypted).toMatch(/^v1:/);
    expect(row.ai_key_encrypted).not.toContain(SECRET);
    expect((await api("GET", "/api/admin/settings")).body.ai.apiKey).toEqual({ set: true, fromEnvironment: false });

    // The Test button: a short clip and a short prompt, with what came back.
    engine.transcriptionText = () => "Voice Journal test. One, two, three.";
    engine.chatContent = () => "I can read it.";
    const tested = await api("POST", "/api/admin/ai-test", {});
    expect(tested.body).toMatchObject({
      transcription: { ok: true, engine: "openai:whisper-from-the-app", text: "Voice Journal test. One, two, three.", error: null },
      summary: { ok: true, engine: "openai:summary-from-the-app", text: "I can read it.", error: null },
    });
    expect(engine.transcriptions.at(-1)).toMatchObject({ mimeType: "audio/ogg" });
    // A refusal is shown as the server said it, without the key.
    engine.failNext(2, "401");
    const refused = await api("POST", "/api/admin/ai-test", { transcriptionModel: "unsaved-model" });
    expect(refused.body.transcription).toMatchObject({ ok: false, engine: "openai:unsaved-model", text: null });
    expect(refused.body.summary.ok).toBe(false);

    // Cleared from the app: the engines go back to what the environment gives (none here).
    await api("PATCH", "/api/admin/settings", { ai: { baseUrl: null, apiKey: null } });
    await waitFor(async () => worker.deps.engines.info.transcription, (name) => name !== "openai");
    expect(logs.length).toBeGreaterThan(5);
    expect(logs.filter((line) => line.includes(SECRET))).toEqual([]);
  });
});
