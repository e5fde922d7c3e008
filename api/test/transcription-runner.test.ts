import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Transcriber } from "../src/engines/transcription/types.js";
import { TranscriptionRunner } from "../src/jobs/transcription-runner.js";
import { createLogger } from "../src/logger.js";
import { createFsBlobStore } from "../src/storage/fs-blob-store.js";
import { transcriptionJobsRepository } from "../src/repositories/transcription-jobs.js";
import { voiceNotesRepository } from "../src/repositories/voice-notes.js";
import { toTranscriptionError } from "../src/engines/transcription/openai.js";
import { openPostgres } from "../src/db/database.js";
import { createUser } from "./factories.js";
import { createTestApp, databaseUrl, dbKinds, type TestApp } from "./harness.js";

const logger = createLogger("silent");

async function queueNotes(t: TestApp, count: number): Promise<string[]> {
  const user = await createUser(t.deps);
  const db = t.deps.database.db;
  const domain = await db
    .insertInto("domains")
    .values({ user_id: user.id, name: "Work", slug: "work", description: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const audioDir = path.join(t.deps.config.DATA_DIR, "audio");
  fs.mkdirSync(path.join(audioDir, user.id), { recursive: true });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const key = `${user.id}/note-${i}.webm`;
    fs.writeFileSync(path.join(audioDir, key), `audio ${i}`);
    const row = await db
      .insertInto("voice_notes")
      .values({
        user_id: user.id, domain_id: domain.id, client_id: null, title: `Note ${i}`, transcription: null,
        duration: 5, is_transcribing: true, transcription_error: null, audio_key: key, audio_mime: "audio/webm",
        audio_bytes: 7, next_attempt_at: new Date(), lease_owner: null, lease_expires_at: null, created_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

function runnerFor(t: TestApp, transcriber: Pick<Transcriber, "transcribe">, overrides: Partial<ConstructorParameters<typeof TranscriptionRunner>[0]> = {}) {
  return new TranscriptionRunner({
    jobs: transcriptionJobsRepository(t.deps.database.db),
    transcriber,
    withAudioFile: (key, use) => createFsBlobStore(path.join(t.deps.config.DATA_DIR, "audio")).withLocalFile(key, use),
    logger,
    leaseSeconds: 30,
    pollMs: 20,
    maxAttempts: 3,
    retryBaseMs: 10,
    concurrency: 2,
    ...overrides,
  });
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Earlier tests may leave notes queued (e.g. released at shutdown); these tests watch one note alone. */
const clearQueue = (t: TestApp) =>
  t.deps.database.db.updateTable("voice_notes").set({ is_transcribing: false }).where("is_transcribing", "=", true).execute();

const readNotes = (t: TestApp, ids: string[]) =>
  t.deps.database.db.selectFrom("voice_notes").selectAll().where("id", "in", ids).orderBy("title").execute();

describe.each(dbKinds)("transcription runner on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  test("a queued note is transcribed: text, flags and real duration written together", async () => {
    const ids = await queueNotes(t, 3);
    const runner = runnerFor(t, {
      transcribe: async ({ path: p }) => ({ text: ` heard ${fs.readFileSync(p, "utf8")} `, durationSeconds: 42 }),
    });
    runner.start();
    const notes = await waitFor(() => readNotes(t, ids), (n) => n.every((x) => !x.is_transcribing));
    await runner.stop();
    expect(notes.map((n) => [n.transcription, n.is_transcribed, n.is_transcribing, n.duration, n.transcription_error])).toEqual([
      ["heard audio 0", true, false, 42, null],
      ["heard audio 1", true, false, 42, null],
      ["heard audio 2", true, false, 42, null],
    ]);
  });

  test("a failing engine is retried with backoff, then the note shows a readable error", async () => {
    const [id] = await queueNotes(t, 1);
    let calls = 0;
    const runner = runnerFor(t, {
      transcribe: async () => {
        calls++;
        throw Object.assign(new Error("upstream answered 500"), { retryable: true });
      },
    });
    runner.start();
    const [note] = await waitFor(() => readNotes(t, [id!]), (n) => !n[0]!.is_transcribing);
    await runner.stop();
    expect(calls).toBe(3);
    expect(note).toMatchObject({ is_transcribing: false, is_transcribed: false, attempts: 3 });
    expect(note!.transcription_error).toBe("Transcription failed: upstream answered 500");
  });

  test("a non-retryable failure ends in the error state at once", async () => {
    const [id] = await queueNotes(t, 1);
    let calls = 0;
    const runner = runnerFor(t, {
      transcribe: async () => {
        calls++;
        throw Object.assign(new Error("No transcription engine is configured"), { retryable: false });
      },
    });
    runner.start();
    const [note] = await waitFor(() => readNotes(t, [id!]), (n) => !n[0]!.is_transcribing);
    await runner.stop();
    expect(calls).toBe(1);
    expect(note!.transcription_error).toContain("No transcription engine is configured");
  });

  test("a note whose worker died (expired lease) is picked up again", async () => {
    const [id] = await queueNotes(t, 1);
    // Another worker claimed it and vanished; its lease ran out a minute ago.
    await t.deps.database.db
      .updateTable("voice_notes")
      .set({ lease_owner: "dead-worker", lease_expires_at: new Date(Date.now() - 60_000), attempts: 1 })
      .where("id", "=", id!)
      .execute();
    const runner = runnerFor(t, { transcribe: async () => ({ text: "recovered" }) });
    runner.start();
    const [note] = await waitFor(() => readNotes(t, [id!]), (n) => !n[0]!.is_transcribing);
    await runner.stop();
    expect(note).toMatchObject({ transcription: "recovered", is_transcribed: true, attempts: 2, lease_owner: null });
  });

  test("shutdown releases claimed work without spending an attempt", async () => {
    const [id] = await queueNotes(t, 1);
    let started!: () => void;
    const begun = new Promise<void>((r) => (started = r));
    const runner = runnerFor(t, {
      transcribe: (_input, signal) =>
        new Promise((_resolve, reject) => {
          started();
          signal?.addEventListener("abort", () => reject(new Error("aborted")));
        }),
    });
    runner.start();
    await begun;
    await runner.stop(50);
    const [note] = await readNotes(t, [id!]);
    expect(note).toMatchObject({ is_transcribing: true, lease_owner: null, lease_expires_at: null, attempts: 0 });
  });

  test("a transcription longer than the lease keeps its lease: a second worker does not transcribe it again", async () => {
    await clearQueue(t);
    const [id] = await queueNotes(t, 1);
    let calls = 0;
    const slow: Pick<Transcriber, "transcribe"> = {
      transcribe: async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 2500));
        return { text: "long recording" };
      },
    };
    const a = runnerFor(t, slow, { leaseSeconds: 1, workerId: "a" });
    const b = runnerFor(t, slow, { leaseSeconds: 1, workerId: "b" });
    a.start();
    await waitFor(() => readNotes(t, [id!]), (n) => n[0]!.lease_owner === "a");
    b.start();
    const [note] = await waitFor(() => readNotes(t, [id!]), (n) => !n[0]!.is_transcribing);
    await Promise.all([a.stop(), b.stop()]);
    expect(calls).toBe(1);
    expect(note).toMatchObject({ transcription: "long recording", is_transcribed: true, attempts: 1 });
  });

  test("a note deleted while being transcribed stops its engine instead of running to the end", async () => {
    await clearQueue(t);
    const [id] = await queueNotes(t, 1);
    let started!: () => void;
    const begun = new Promise<void>((r) => (started = r));
    let stoppedEngine!: () => void;
    const engineStopped = new Promise<string>((r) => (stoppedEngine = () => r("stopped")));
    const runner = runnerFor(t, {
      transcribe: (_input, signal) =>
        new Promise((_resolve, reject) => {
          started();
          signal?.addEventListener("abort", () => {
            stoppedEngine();
            reject(new Error("aborted"));
          });
        }),
    }, { leaseSeconds: 1 });
    runner.start();
    await begun;
    await t.deps.database.db.deleteFrom("voice_notes").where("id", "=", id!).execute();
    const outcome = await Promise.race([engineStopped, new Promise<string>((r) => setTimeout(() => r("still running"), 5000))]);
    await runner.stop(50);
    expect(outcome).toBe("stopped");
  });

  test("a transcription that never finishes is stopped at its time-out and the note shows an error", async () => {
    await clearQueue(t);
    const [id] = await queueNotes(t, 1);
    const runner = runnerFor(t, {
      // A hung engine that only ends when told to.
      transcribe: (_input, signal) =>
        new Promise((_resolve, reject) => signal?.addEventListener("abort", () => reject(new Error("aborted")))),
    }, { jobTimeoutMs: 300, maxAttempts: 1 });
    runner.start();
    const [note] = await waitFor(() => readNotes(t, [id!]), (n) => !n[0]!.is_transcribing, 5000);
    await runner.stop(50);
    expect(note).toMatchObject({ is_transcribing: false, is_transcribed: false, lease_owner: null });
    expect(note!.transcription_error).toMatch(/^Transcription failed: it took longer than \d+ seconds and was stopped$/);
  });

  test("a database failure while recording the result does not end the process; the note is taken again later", async () => {
    await clearQueue(t);
    const [id] = await queueNotes(t, 1);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    const real = transcriptionJobsRepository(t.deps.database.db);
    let outage = true;
    const flaky: typeof real = {
      ...real,
      complete: (...args) => (outage ? Promise.reject(new Error("connection terminated")) : real.complete(...args)),
      retryLater: (...args) => (outage ? Promise.reject(new Error("connection terminated")) : real.retryLater(...args)),
    };
    const runner = runnerFor(t, { transcribe: async () => ({ text: "kept" }) }, { jobs: flaky, leaseSeconds: 1 });
    try {
      runner.start();
      await new Promise((r) => setTimeout(r, 300));
      outage = false;
      const [note] = await waitFor(() => readNotes(t, [id!]), (n) => !n[0]!.is_transcribing, 8000);
      await runner.stop();
      expect(unhandled).toEqual([]);
      expect(note).toMatchObject({ transcription: "kept", is_transcribed: true });
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  test("a retry requested while the failing attempt is still running is not swallowed by that attempt", async () => {
    await clearQueue(t);
    const [id] = await queueNotes(t, 1);
    const [row] = await readNotes(t, [id!]);
    let requeued!: () => void;
    const retryRequested = new Promise<void>((r) => (requeued = r));
    let calls = 0;
    const runner = runnerFor(t, {
      transcribe: async () => {
        calls++;
        if (calls > 1) return { text: "second try" };
        // The user asks again (POST /transcribe) while this attempt is still working, then it fails for good.
        await retryRequested;
        throw Object.assign(new Error("the server refused the recording"), { retryable: false });
      },
    });
    runner.start();
    await waitFor(() => readNotes(t, [id!]), (n) => n[0]!.lease_owner !== null);
    await voiceNotesRepository(t.deps.database.db).requeue(row!.user_id, id!);
    requeued();
    const [note] = await waitFor(() => readNotes(t, [id!]), (n) => !n[0]!.is_transcribing);
    await runner.stop();
    expect(calls).toBe(2);
    expect(note).toMatchObject({ transcription: "second try", is_transcribed: true, transcription_error: null });
  });

  test("a note whose audio file is gone ends in a clear error at once, without the server's paths", async () => {
    await clearQueue(t);
    const [id] = await queueNotes(t, 1);
    const [row] = await readNotes(t, [id!]);
    fs.rmSync(path.join(t.deps.config.DATA_DIR, "audio", row!.audio_key!));
    let calls = 0;
    const runner = runnerFor(t, {
      transcribe: async ({ path: p }) => {
        calls++;
        return { text: fs.readFileSync(p, "utf8") };
      },
    });
    runner.start();
    const [note] = await waitFor(() => readNotes(t, [id!]), (n) => !n[0]!.is_transcribing);
    await runner.stop();
    expect(calls).toBe(0);
    expect(note).toMatchObject({ is_transcribed: false, attempts: 1 });
    expect(note!.transcription_error).toBe("The recording's audio is missing, so it cannot be transcribed.");
  });

  test("an engine's unexpected failure reads once as 'Transcription failed', not twice", async () => {
    await clearQueue(t);
    const [id] = await queueNotes(t, 1);
    const runner = runnerFor(t, {
      transcribe: async () => {
        throw toTranscriptionError(new Error("socket hang up"), "api.openai.com", 1000);
      },
    }, { maxAttempts: 1 });
    runner.start();
    const [note] = await waitFor(() => readNotes(t, [id!]), (n) => !n[0]!.is_transcribing);
    await runner.stop();
    expect(note!.transcription_error).toBe("Transcription failed: socket hang up");
  });
});

describe.runIf(dbKinds.includes("postgres"))("transcription queue shared by replicas on PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("postgres");
  });
  afterAll(() => t.close());

  test("three runners on separate connection pools transcribe every note exactly once", async () => {
    const ids = await queueNotes(t, 30);
    const url = await databaseUrl(t.deps.database);
    const pools = [0, 1, 2].map(() => openPostgres(url, 4));
    const calls = new Map<string, number>();
    const transcriber: Pick<Transcriber, "transcribe"> = {
      transcribe: async ({ path: p }) => {
        calls.set(p, (calls.get(p) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
        return { text: "ok" };
      },
    };
    const runners = pools.map((pool, i) =>
      runnerFor(t, transcriber, { jobs: transcriptionJobsRepository(pool.db), workerId: `w${i}`, concurrency: 3 }),
    );
    runners.forEach((r) => r.start());
    const notes = await waitFor(() => readNotes(t, ids), (n) => n.every((x) => x.is_transcribed));
    await Promise.all(runners.map((r) => r.stop()));
    await Promise.all(pools.map((p) => p.close()));
    expect(notes.every((n) => n.is_transcribed && n.attempts === 1)).toBe(true);
    expect([...calls.values()].every((c) => c === 1)).toBe(true);
    expect(calls.size).toBe(30);
  });
});
