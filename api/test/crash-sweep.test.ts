import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sweepCrashLeftovers } from "../src/jobs/crash-sweep.js";
import { createLogger } from "../src/logger.js";
import { exportTempDir } from "../src/portability/export.js";
import { importTempDir } from "../src/portability/upload.js";
import { voiceNotesRepository } from "../src/repositories/voice-notes.js";
import type { Database } from "../src/db/database.js";
import { createUser } from "./factories.js";
import { createTestApp, databaseUrl, dbKinds, freshDatabase, type TestApp } from "./harness.js";
import { createDomain } from "./support/api.js";
import { audioDir, filesUnder, webmBytes } from "./support/audio.js";
import { spawnApi, type ApiProcess } from "./support/api-process.js";
import { noteForm } from "./support/multipart.js";

// What a kill -9 leaves in DATA_DIR/audio: half-written upload temporaries, and audio files whose
// row was never written. A restart removes both; nothing a note still references goes.

const tmpFiles = (dataDir: string) => filesUnder(path.join(audioDir(dataDir), ".tmp"));
const noteFiles = (dataDir: string) => filesUnder(audioDir(dataDir)).filter((f) => !f.includes(`${path.sep}.tmp${path.sep}`));

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts a multipart upload whose audio part keeps streaming until the process dies. */
function endlessUpload(url: string, token: string): http.ClientRequest {
  const boundary = `----vj${crypto.randomUUID()}`;
  const req = http.request(`${url}/api/voice-notes`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  req.on("error", () => undefined); // the server is killed mid-request
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nUnfinished\r\n`);
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="duration"\r\n\r\n60\r\n`);
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`);
  req.write(webmBytes());
  const chunk = Buffer.alloc(256 * 1024, 7);
  const timer = setInterval(() => req.write(chunk), 20);
  req.on("close", () => clearInterval(timer));
  return req;
}

describe.each(dbKinds)("crash leftovers on %s", (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-sweep-"));
  const processes: ApiProcess[] = [];
  let database: Database | undefined;
  afterAll(async () => {
    for (const p of processes) {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
      // Its files are gone only once it is: removing DATA_DIR under a live PGlite fails.
      await p.exited;
    }
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("kill -9 mid-upload, then a restart removes the temporary and audio without a row, and keeps every note's audio", async () => {
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      AUTH_JWT_SECRET: "sweep-test-secret-that-is-long-enough-for-hs256",
      TRANSCRIBE_ENGINE: "none",
      WEB_DIST: path.join(dataDir, "no-web"),
      // A real deployment waits 15 minutes (another replica may be mid-upload); here the restart follows at once.
      CRASH_SWEEP_AGE_SECONDS: "1",
    };
    if (kind === "postgres") {
      database = await freshDatabase("postgres");
      env.DATABASE_URL = await databaseUrl(database);
    }
    const first = await spawnApi(env);
    processes.push(first);
    const signUp = await fetch(`${first.url}/auth/v1/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `sweep${Date.now()}@example.com`, password: "secret-pass" }),
    });
    const { access_token: token, user } = (await signUp.json()) as { access_token: string; user: { id: string } };
    const headers = { authorization: `Bearer ${token}` };
    const domain = await fetch(`${first.url}/api/domains`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Journal", isDefault: true }),
    });
    expect(domain.status).toBe(201);
    const kept = await fetch(`${first.url}/api/voice-notes`, { method: "POST", headers, body: noteForm({ title: "Kept" }) });
    expect(kept.status).toBe(201);
    const keptId = ((await kept.json()) as { id: string }).id;
    expect(noteFiles(dataDir)).toHaveLength(1);

    endlessUpload(first.url, token);
    await until(() => tmpFiles(dataDir).some((f) => fs.statSync(f).size > 1024 * 1024), 20_000);
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    expect(tmpFiles(dataDir).length).toBeGreaterThan(0);
    // What a kill between the audio's commit and its row's insert leaves (a window too narrow to
    // hit with a signal from outside): a file under the user's prefix that no note references.
    const orphan = path.join(audioDir(dataDir), user.id, `${crypto.randomUUID()}.webm`);
    fs.writeFileSync(orphan, webmBytes());
    await new Promise((r) => setTimeout(r, 1100));

    const second = await spawnApi(env);
    processes.push(second);
    // The sweep runs once the server listens: its log line says it is done.
    await until(() => second.logs.some((l) => l.msg === "removed audio a crash left behind"), 20_000);
    expect(tmpFiles(dataDir)).toEqual([]);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(noteFiles(dataDir)).toHaveLength(1);
    const audio = await fetch(`${second.url}/api/voice-notes/${keptId}/audio`, { headers });
    expect(audio.status).toBe(200);
    expect(Buffer.from(await audio.arrayBuffer()).equals(webmBytes())).toBe(true);
    expect(second.logs.find((l) => l.msg === "removed audio a crash left behind")).toMatchObject({ orphans: 1 });
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 400_000);
});

describe.each(dbKinds)("the crash sweep on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  test("a fresh temporary, import or export file, or a just-committed file (another replica mid-upload) is left alone", async () => {
    const user = await createUser(t.deps);
    await createDomain(t, user, { isDefault: true });
    const temp = t.deps.blobs.createTemp();
    temp.stream.write(webmBytes());
    await new Promise((r) => setTimeout(r, 50));
    const fresh = path.join(audioDir(t.deps.config.DATA_DIR), user.id, `${crypto.randomUUID()}.webm`);
    fs.mkdirSync(path.dirname(fresh), { recursive: true });
    fs.writeFileSync(fresh, webmBytes());
    // An import's upload and an export's journal.json being written right now.
    const portable = [importTempDir, exportTempDir].map((dir) => path.join(dir(t.deps.config.DATA_DIR), `${crypto.randomUUID()}.part`));
    for (const file of portable) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, "zip or journal being written");
    }
    const tempDirs = [importTempDir(t.deps.config.DATA_DIR), exportTempDir(t.deps.config.DATA_DIR)];
    const deps = { db: t.deps.database.db, blobs: t.deps.blobs, logger: createLogger("silent"), tempDirs };

    expect(await sweepCrashLeftovers(deps, 900)).toEqual({ temporaries: 0, orphans: 0 });
    expect(fs.existsSync(fresh)).toBe(true);
    expect(portable.filter((f) => fs.existsSync(f))).toEqual(portable);
    expect(tmpFiles(t.deps.config.DATA_DIR)).toHaveLength(1);

    // Once old enough they go; a note's audio stays whatever its age.
    const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm() });
    expect(res.status).toBe(201);
    const later = new Date(Date.now() + 901_000);
    expect(await sweepCrashLeftovers(deps, 900, later)).toEqual({ temporaries: 1, orphans: 1 });
    expect(fs.existsSync(fresh)).toBe(false);
    expect(portable.filter((f) => fs.existsSync(f))).toEqual([]);
    expect(noteFiles(t.deps.config.DATA_DIR)).toHaveLength(1);
    await temp.discard();
  });

  test("which stored files still have a note is answered from the index on the audio key, not by reading every note", async () => {
    const plan = await t.deps.database.db.transaction().execute(async (trx) => {
      // Forbid reading the whole table, so the plan shows whether an index can answer at all.
      await sql`set local enable_seqscan = off`.execute(trx);
      const keys = [0, 1, 2].map(() => `${crypto.randomUUID()}/${crypto.randomUUID()}.webm`);
      const rows = await voiceNotesRepository(trx).referencedAudioKeysQuery(keys).explain();
      return rows.map((r) => String(Object.values(r)[0])).join("\n");
    });
    expect(plan).toMatch(/(Index|Index Only|Bitmap Index) Scan (using|on) voice_notes_audio_key_idx/);
  });
});
