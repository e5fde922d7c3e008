import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { requestBackup } from "../../src/backup/control.js";
import { readManifest } from "../../src/backup/format.js";
import { BackupRefused, restoreBackup } from "../../src/backup/restore.js";
import { createLogger } from "../../src/logger.js";
import { startServer } from "../../src/server.js";
import { createUser, type TestUser } from "../factories.js";
import { startTestServer } from "../harness.js";
import { noteForm } from "../support/multipart.js";
import { startOpenAITestServer, type OpenAITestServer } from "../support/openai-server.js";
import { waitFor } from "../support/wait.js";

type Server = Awaited<ReturnType<typeof startTestServer>>;
const apiRoot = path.resolve(import.meta.dirname, "../..");


/** Distinct bytes per recording, so a mixed-up file would show. */
const audio = (n: number) => {
  const bytes = Buffer.alloc(4096 + n * 37);
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(bytes);
  for (let i = 4; i < bytes.length; i++) bytes[i] = (i * 31 + n * 7) & 0xff;
  return bytes;
};

describe("backups of the embedded default", () => {
  let engine: OpenAITestServer;
  let server: Server;
  let user: TestUser;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "vj-backup-"));
  const backups = path.join(scratch, "backups");
  let backupPath = "";

  beforeAll(async () => {
    engine = await startOpenAITestServer();
    server = await startTestServer("pglite", {
      TRANSCRIBE_ENGINE: "openai",
      SUMMARY_ENGINE: "extractive",
      OPENAI_BASE_URL: engine.baseURL,
      OPENAI_API_KEY: "test",
      TRANSCRIBE_POLL_MS: "50",
    });
    user = await createUser(server.deps);
  });
  afterAll(async () => {
    await server.close();
    await engine.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const upload = (n: number, domainId: string) =>
    fetch(`${server.url}/api/voice-notes`, {
      method: "POST",
      headers: user.headers,
      body: noteForm({ domainId, title: `Note ${n}`, audio: audio(n), createdAt: "2026-03-10T12:00:00.000Z", clientId: `c${n}` }),
    }).then(async (r) => ((await r.json()) as { id: string }).id);

  test("taken while uploads and transcriptions run, it restores into an empty DATA_DIR that serves the same notes, transcripts, summaries and audio", { timeout: 120_000 }, async () => {

    const db = server.deps.database.db;
    const domainId = ((await (await fetch(`${server.url}/api/domains`, {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Home", isDefault: true }),
    })).json()) as { id: string }).id;
    const before = await Promise.all([1, 2, 3].map((n) => upload(n, domainId)));
    await waitFor(() => db.selectFrom("voice_notes").select("id").where("is_transcribed", "=", true).execute(), (r) => r.length === 3);
    const generate = await fetch(`${server.url}/api/summaries/generate`, {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ period: "day", periodKey: "2026-03-10", domainId, isGeneralSummary: true }),
    });
    expect(generate.status).toBe(202);
    await waitFor(() => db.selectFrom("summaries").select("status").executeTakeFirstOrThrow(), (s) => s.status === "ready");
    // The backup, as `npm run backup` asks the running server for it, while more arrive and one goes.
    const uploads = Promise.all([4, 5, 6].map((n) => upload(n, domainId)));
    const deleting = fetch(`${server.url}/api/voice-notes/${before[0]}`, { method: "DELETE", headers: user.headers });
    const taken = (await requestBackup(server.deps.config.DATA_DIR, backups))!;
    await Promise.all([uploads, deleting]);
    backupPath = taken.path;
    expect(path.dirname(taken.path)).toBe(backups);
    const manifest = readManifest(taken.path);
    // The settings key comes along (the signing key too when DATA_DIR holds it; here it is AUTH_JWT_SECRET).
    expect(manifest.keys.map((k) => k.path)).toEqual(["data/settings-key"]);

    const target = path.join(scratch, "restored-data");
    fs.mkdirSync(target);
    const restored = await restoreBackup(taken.path, target);
    expect(restored.notes).toBeGreaterThanOrEqual(3);
    const copy = await startServer({ ...server.deps.config, DATA_DIR: target, PORT: 0, TRANSCRIBE_ENGINE: "none" }, { logger: createLogger("silent") });
    try {
      const rows = await copy.deps.database.db.selectFrom("voice_notes").selectAll().orderBy("title").execute();
      // What was there before the backup began is there, with its transcript; nothing is there that the original never had.
      for (const id of before.slice(1)) expect(rows.find((r) => r.id === id)?.transcription).toBeTruthy();
      const originals = await db.selectFrom("voice_notes").selectAll().execute();
      for (const row of rows) {
        const original = originals.find((o) => o.id === row.id);
        if (!original) {
          expect(row.id).toBe(before[0]); // deleted after the dump: in the backup, as it was
          continue;
        }
        expect(row.title).toBe(original.title);
        if (row.is_transcribed) expect(row.transcription).toBe(original.transcription);
        // Byte-identical audio, served by the restored instance to the same signed-in person.
        const served = await fetch(`${copy.url}/api/voice-notes/${row.id}/audio`, { headers: user.headers });
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(audio(Number(row.title.split(" ")[1])))).toBe(true);
      }
      const summaries = (await (await fetch(`${copy.url}/api/summaries?period=day&periodKey=2026-03-10&domainId=${domainId}`, { headers: user.headers })).json()) as { content: string }[];
      const original = await db.selectFrom("summaries").select("content").executeTakeFirstOrThrow();
      expect(summaries.map((s) => s.content)).toEqual([original.content]);
    } finally {
      await copy.stop();
    }
  });

  test("a damaged backup is refused with its reason, and the target is left as it was", async () => {
    const damaged = path.join(scratch, "damaged");
    fs.cpSync(backupPath, damaged, { recursive: true });
    const manifest = readManifest(damaged);
    const file = path.join(damaged, manifest.audio[0]!.path);
    const bytes = fs.readFileSync(file);
    bytes[100] = bytes[100]! ^ 0xff;
    fs.writeFileSync(file, bytes);
    const target = path.join(scratch, "empty-target");
    fs.mkdirSync(target);
    await expect(restoreBackup(damaged, target)).rejects.toThrow(new BackupRefused(`${manifest.audio[0]!.path} is damaged: its checksum does not match`));
    expect(fs.readdirSync(target)).toEqual([]);
    expect(fs.readdirSync(scratch).filter((n) => n.includes(".restoring-"))).toEqual([]);

    // npm run restore says so too, with nothing written.
    fs.truncateSync(path.join(damaged, "database.tar.gz"), 1000);
    const cli = spawnSync(process.execPath, ["--import", "tsx", "src/backup-cli.ts", "restore", damaged], {
      cwd: apiRoot,
      env: { ...process.env, DATA_DIR: target, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain(`Refused: database.tar.gz is damaged: 1000 bytes instead of ${manifest.database.bytes}. Nothing was changed.`);
    expect(fs.readdirSync(target)).toEqual([]);

    // A DATA_DIR in use is never overwritten.
    await expect(restoreBackup(backupPath, server.deps.config.DATA_DIR)).rejects.toThrow(/is not empty/);
  });
});
