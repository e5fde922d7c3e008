import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLogger } from "../src/logger.js";
import { startServer } from "../src/server.js";
import { dbKinds, freshDatabase, testConfig } from "./harness.js";
import { noteForm } from "./support/multipart.js";
import { startOpenAITestServer, type OpenAITestServer } from "./support/openai-server.js";

interface Note {
  id: string;
  isTranscribing: boolean;
  isError: boolean;
  awaitingEngine: boolean;
  transcription: string | null;
}

describe.each(dbKinds)("a server without a transcription engine on %s", (kind) => {
  let engine: OpenAITestServer;
  beforeAll(async () => {
    engine = await startOpenAITestServer();
    engine.transcriptionText = () => "Transcribed after the restart.";
  });
  afterAll(() => engine.close());

  test("keeps the note waiting (not failed); a restart with an engine transcribes it with no click, and Transcribe asks again", async () => {
    const database = await freshDatabase(kind);
    const config = testConfig({ TRANSCRIBE_ENGINE: "none", TRANSCRIBE_POLL_MS: "50" });
    const logger = createLogger("silent");
    try {
      let server = await startServer(config, { database, logger });
      const signup = await fetch(`${server.url}/auth/v1/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `wait-${Date.now()}@example.com`, password: "waiting-pass-1" }) });
      const token = ((await signup.json()) as { access_token: string }).access_token;
      const auth = { authorization: `Bearer ${token}` };
      const domain = (await (await fetch(`${server.url}/api/domains`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ name: "Home", primaryColor: "#000000", isDefault: true, userId: "" }) })).json()) as { id: string };
      const upload = async (title: string) => (await (await fetch(`${server.url}/api/voice-notes`, { method: "POST", headers: auth, body: noteForm({ domainId: domain.id, title, createdAt: "2026-03-10T12:00:00.000Z" }) })).json()) as Note;
      const list = async () => (await (await fetch(`${server.url}/api/voice-notes?period=day&periodKey=2026-03-10&domainId=${domain.id}`, { headers: auth })).json()) as Note[];
      const first = await upload("First");
      await expect.poll(async () => (await list()).find((n) => n.id === first.id)?.awaitingEngine, { timeout: 10_000 }).toBe(true);
      const waiting = (await list()).find((n) => n.id === first.id)!;
      expect(waiting).toMatchObject({ isTranscribing: false, isError: false, awaitingEngine: true, transcription: null });
      // The operator's instructions stay in the health report.
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as Record<string, unknown>;
      expect(JSON.stringify(health)).toMatch(/OPENAI_API_KEY/);
      // Asking again without an engine: it waits again, still not failed.
      await fetch(`${server.url}/api/voice-notes/${first.id}/transcribe`, { method: "POST", headers: auth });
      await expect.poll(async () => (await list()).find((n) => n.id === first.id)?.awaitingEngine, { timeout: 10_000 }).toBe(true);
      const second = await upload("Second");
      await expect.poll(async () => (await list()).find((n) => n.id === second.id)?.awaitingEngine, { timeout: 10_000 }).toBe(true);
      await server.stop();

      // Restarted with an engine: every waiting note is transcribed without anyone asking.
      server = await startServer({ ...config, TRANSCRIBE_ENGINE: "openai", OPENAI_BASE_URL: engine.baseURL, OPENAI_API_KEY: "test" }, { database, logger });
      const url = server.url;
      const again = async () => (await (await fetch(`${url}/api/voice-notes?period=day&periodKey=2026-03-10&domainId=${domain.id}`, { headers: auth })).json()) as Note[];
      await expect.poll(async () => (await again()).map((n) => n.transcription).sort(), { timeout: 15_000 }).toEqual(["Transcribed after the restart.", "Transcribed after the restart."]);
      expect((await again()).every((n) => !n.awaitingEngine && !n.isError)).toBe(true);
      await server.stop();
    } finally {
      await database.close();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
    }
  });
});
