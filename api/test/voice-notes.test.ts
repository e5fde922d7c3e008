import type { VoiceNote } from "@vj/core";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "./factories.js";
import { transcriptionJobsRepository } from "../src/repositories/transcription-jobs.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { audioDir, filesUnder, webmBytes } from "./support/audio.js";
import { noteForm, type NoteFormOptions } from "./support/multipart.js";

/** A file part's headers and its WebM bytes, with no closing boundary after them. */
const audioHead = (boundary: string, name: string) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`),
    webmBytes(),
  ]);

const upload = (t: TestApp, user: TestUser, o: NoteFormOptions = {}) =>
  t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm(o) });

describe.each(dbKinds)("voice notes on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let domainId: string;
  const files = () => filesUnder(audioDir(t.deps.config.DATA_DIR));

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await createUser(t.deps);
    domainId = (await createDomain(t, user, { name: "Daily", isDefault: true })).id;
  });
  afterAll(() => t.close());

  describe("upload", () => {
    test("a new note answers 201, queued for transcription, with its audio stored", async () => {
      const before = files().length;
      const res = await upload(t, user, { domainId, title: "First walk", duration: "4.6", createdAt: "2026-05-01T08:00:00.000Z" });
      expect(res.status).toBe(201);
      const note = (await res.json()) as VoiceNote;
      expect(note).toMatchObject({
        domainId,
        userId: user.id,
        title: "First walk",
        duration: 5,
        createdAt: "2026-05-01T08:00:00.000Z",
        isTranscribing: true,
        isTranscribed: false,
        isError: false,
        hasTranscription: false,
        transcription: null,
        audioMimeType: "audio/webm",
      });
      const row = await t.deps.database.db.selectFrom("voice_notes").selectAll().where("id", "=", note.id).executeTakeFirstOrThrow();
      expect(row.next_attempt_at).not.toBeNull();
      expect(row.attempts).toBe(0);
      const stored = path.join(audioDir(t.deps.config.DATA_DIR), row.audio_key!);
      expect(fs.readFileSync(stored).equals(webmBytes())).toBe(true);
      expect(files().length).toBe(before + 1);
    });

    test("without domainId the note goes to the default collection", async () => {
      const res = await upload(t, user, {});
      expect(res.status).toBe(201);
      expect(((await res.json()) as VoiceNote).domainId).toBe(domainId);
    });

    test("a user without any collection gets 422 and nothing is stored", async () => {
      const lonely = await createUser(t.deps);
      const before = files().length;
      const body = await expectError(await upload(t, lonely, {}), 422, "unprocessable");
      expect(body.error.message).toMatch(/collection/i);
      expect(files().length).toBe(before);
    });

    test("another user's collection answers 404 and nothing is stored", async () => {
      const other = await createUser(t.deps);
      const before = files().length;
      await expectError(await upload(t, other, { domainId }), 404, "not_found");
      expect(files().length).toBe(before);
    });

    test("the same clientId twice stores one note and one audio file (200 the second time)", async () => {
      const before = files().length;
      const first = await upload(t, user, { clientId: "rec-1700000000000-abc123", title: "Replay me" });
      expect(first.status).toBe(201);
      const second = await upload(t, user, { clientId: "rec-1700000000000-abc123", title: "Replay me" });
      expect(second.status).toBe(200);
      expect(((await second.json()) as VoiceNote).id).toBe(((await first.json()) as VoiceNote).id);
      expect(files().length).toBe(before + 1);
      const count = await t.deps.database.db
        .selectFrom("voice_notes")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("client_id", "=", "rec-1700000000000-abc123")
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    test("ten concurrent uploads with one clientId store one note and one audio file", async () => {
      const u = await createUser(t.deps);
      const d = await createDomain(t, u, { name: "Concurrent" });
      const results = await Promise.all(
        Array.from({ length: 10 }, () => upload(t, u, { domainId: d.id, clientId: "rec-concurrent" })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(9);
      const ids = new Set(await Promise.all(results.map(async (r) => ((await r.json()) as VoiceNote).id)));
      expect(ids.size).toBe(1);
      const rows = await t.deps.database.db.selectFrom("voice_notes").select("audio_key").where("user_id", "=", u.id).execute();
      expect(rows).toHaveLength(1);
      const userFiles = filesUnder(path.join(audioDir(t.deps.config.DATA_DIR), u.id));
      expect(userFiles).toEqual([path.join(audioDir(t.deps.config.DATA_DIR), rows[0]!.audio_key!)]);
      expect(filesUnder(path.join(audioDir(t.deps.config.DATA_DIR), ".tmp"))).toEqual([]);
    });

    test.each([
      ["a text file declared as text", { audio: new TextEncoder().encode("just some words, not audio"), type: "text/plain", filename: "notes.txt" }],
      ["a PNG declared as audio", { audio: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2]), type: "audio/webm" }],
      ["an empty audio file", { audio: new Uint8Array(0), type: "audio/webm" }],
      ["a few bytes only", { audio: Uint8Array.from([0x1a, 0x45]), type: "audio/webm" }],
    ])("%s is refused with 400 and leaves no file", async (_name, o) => {
      const before = files();
      const body = await expectError(await upload(t, user, o), 400, "bad_request");
      expect(body.error.message).toContain("not an audio recording");
      expect(files()).toEqual(before);
    });

    test.each([
      ["OGG", [0x4f, 0x67, 0x67, 0x53, 0, 2, 0, 0, 0, 0, 0, 0], "audio/ogg", ".ogg"],
      ["MP4", [0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x4d, 0x34, 0x41, 0x20], "audio/mp4", ".m4a"],
      ["WAV", [0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x41, 0x56, 0x45], "audio/wav", ".wav"],
      ["MP3 (ID3)", [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0, 0], "audio/mpeg", ".mp3"],
      ["FLAC", [0x66, 0x4c, 0x61, 0x43, 0, 0, 0, 0x22, 0, 0, 0, 0], "audio/flac", ".flac"],
    ])("%s audio is accepted and stored with its extension", async (_name, head, type, ext) => {
      const bytes = Uint8Array.from([...head, ...new Array(100).fill(7)]);
      const res = await upload(t, user, { audio: bytes, type });
      expect(res.status).toBe(201);
      const note = (await res.json()) as VoiceNote;
      const row = await t.deps.database.db.selectFrom("voice_notes").select("audio_key").where("id", "=", note.id).executeTakeFirstOrThrow();
      expect(row.audio_key!.endsWith(ext)).toBe(true);
    });

    test("an empty multipart body answers 400", async () => {
      const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: new FormData() });
      const body = await expectError(res, 400, "bad_request");
      expect(body.error.message).toContain("audio file is required");
      const empty = await t.app.request("/api/voice-notes", {
        method: "POST",
        headers: { ...user.headers, "content-type": "multipart/form-data; boundary=x" },
        body: "",
      });
      await expectError(empty, 400, "bad_request");
    });

    test.each([
      ["the audio part", (b: string) => [`--${b}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut\r\n`, audioHead(b, "audio")]],
      ["a file part that is not the audio", (b: string) => [`--${b}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut\r\n`, audioHead(b, "other")]],
    ])("a form that ends inside %s answers 400, keeps no file and throws nothing uncaught (it crashed the process)", async (_what, parts) => {
      const uncaught: unknown[] = [];
      const record = (err: unknown) => uncaught.push(err);
      process.on("uncaughtException", record);
      try {
        const before = files();
        const boundary = "cutboundary";
        const chunks = parts(boundary).map((p) => (typeof p === "string" ? Buffer.from(p) : p));
        const res = await t.app.request("/api/voice-notes", {
          method: "POST",
          headers: { ...user.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
          body: Buffer.concat(chunks),
        });
        await expectError(res, 400, "bad_request");
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(uncaught).toEqual([]);
        expect(files()).toEqual(before);
      } finally {
        process.off("uncaughtException", record);
      }
    });

    test("fields without a file answer 400; a JSON body answers 415", async () => {
      await expectError(await upload(t, user, { audio: null }), 400, "bad_request");
      await expectError(await call(t, "POST", "/api/voice-notes", { user, json: { title: "x" } }), 415, "unsupported_media_type");
    });

    test.each([
      [{ title: "   " }, "Title is required"],
      [{ title: "t".repeat(201) }, "at most 200"],
      [{ duration: "abc" }, "Duration must be a number"],
      [{ duration: "-3" }, "must not be negative"],
      [{ createdAt: "yesterday" }, "ISO 8601"],
      [{ domainId: "nope" }, "domainId"],
      [{ tz: "Mars/Olympus" }, "Unknown time zone"],
      [{ clientId: "c".repeat(201) }, "clientId"],
      // Outside the years period keys cover: PGlite failed to read year 0 back (500), and no list could show the note.
      [{ createdAt: "0000-06-01T00:00:00Z" }, "between the years 1000 and 9999"],
      [{ createdAt: "0999-12-31T23:59:59Z" }, "between the years 1000 and 9999"],
      // PostgreSQL text cannot hold U+0000: these failed the insert with a 500.
      [{ title: "a\u0000b" }, "title: must not contain NUL"],
      [{ clientId: "rec-\u0000" }, "clientId: must not contain NUL"],
    ])("invalid fields %j answer 400 and leave no file", async (o, message) => {
      const before = files();
      const body = await expectError(await upload(t, user, o), 400, "validation_failed");
      expect(body.error.message).toContain(message);
      expect(files()).toEqual(before);
    });

    test("a missing title field answers 400 Required", async () => {
      const form = noteForm();
      form.delete("title");
      const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: form });
      const body = await expectError(res, 400, "validation_failed");
      expect(body.error.message).toBe("title: Required");
    });
  });

  test("when the upload folder cannot be created the upload answers 500 in the error shape, nothing uncaught (it crashed the process)", async () => {
    const broken = await createTestApp(kind);
    const uncaught: unknown[] = [];
    const record = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", record);
    try {
      const owner = await createUser(broken.deps);
      await createDomain(broken, owner, { name: "Broken", isDefault: true });
      // A file where the temporary upload folder belongs: creating the folder throws.
      const tmp = path.join(audioDir(broken.deps.config.DATA_DIR), ".tmp");
      fs.rmSync(tmp, { recursive: true, force: true }); // made by prepare(), as the server does at start
      fs.mkdirSync(path.dirname(tmp), { recursive: true });
      fs.writeFileSync(tmp, "not a folder");
      const body = await expectError(await upload(broken, owner), 500, "internal");
      expect(body.error.message).toContain("could not be stored");
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
      expect((await call(broken, "GET", "/api/domains", { user: owner })).status).toBe(200);
    } finally {
      process.off("uncaughtException", record);
      await broken.close();
    }
  });

  describe("upload limit", () => {
    let small: TestApp;
    let owner: TestUser;
    beforeAll(async () => {
      small = await createTestApp(kind, { MAX_AUDIO_BYTES: "2000" });
      owner = await createUser(small.deps);
      await createDomain(small, owner, { name: "Small", isDefault: true });
    });
    afterAll(() => small.close());

    test("a recording over MAX_AUDIO_BYTES answers 413 and leaves nothing behind", async () => {
      const res = await upload(small, owner, {});
      const body = await expectError(res, 413, "payload_too_large");
      expect(body.error.message).toMatch(/too large/);
      expect(filesUnder(audioDir(small.deps.config.DATA_DIR))).toEqual([]);
      const rows = await small.deps.database.db.selectFrom("voice_notes").selectAll().execute();
      expect(rows).toEqual([]);
    });

    test("a recording under the limit is stored", async () => {
      const res = await upload(small, owner, { audio: webmBytes().subarray(0, 1500) });
      expect(res.status).toBe(201);
    });
  });

  describe("listing by period", () => {
    let u: TestUser;
    let d: string;
    const at = async (createdAt: string, title: string, domain = d) => {
      const res = await upload(t, u, { domainId: domain, createdAt, title });
      expect(res.status).toBe(201);
      return ((await res.json()) as VoiceNote).id;
    };
    const list = async (q: string) => {
      const res = await call(t, "GET", `/api/voice-notes?${q}`, { user: u });
      expect(res.status).toBe(200);
      return ((await res.json()) as VoiceNote[]).map((n) => n.title);
    };

    beforeAll(async () => {
      u = await createUser(t.deps);
      d = (await createDomain(t, u, { name: "Periods" })).id;
      const elsewhere = (await createDomain(t, u, { name: "Elsewhere" })).id;
      // New York is on EDT (UTC-4) from 8 March 2026: 23:30 on 10 March there is 03:30 on 11 March in UTC.
      await at("2026-03-11T03:30:00.000Z", "late night");
      await at("2026-03-10T14:00:00.000Z", "afternoon");
      await at("2026-03-10T03:59:00.000Z", "before NY midnight");
      await at("2026-03-10T04:00:00.000Z", "NY midnight");
      await at("2026-03-10T15:00:00.000Z", "other collection", elsewhere);
      await at("2026-03-15T15:00:00.000Z", "next sunday");
      await at("2026-02-28T15:00:00.000Z", "february");
    });

    test("a note at 23:30 local belongs to that local day, newest first", async () => {
      expect(await list(`period=day&periodKey=2026-03-10&domainId=${d}&tz=America/New_York`)).toEqual([
        "late night",
        "afternoon",
        "NY midnight",
      ]);
      expect(await list(`period=day&periodKey=2026-03-10&domainId=${d}&tz=UTC`)).toEqual([
        "afternoon",
        "NY midnight",
        "before NY midnight",
      ]);
      expect(await list(`period=day&periodKey=2026-03-10&domainId=${d}`)).toEqual(await list(`period=day&periodKey=2026-03-10&domainId=${d}&tz=UTC`));
    });

    test("weeks run Sunday to Saturday under the Monday's ISO week; months are local months", async () => {
      // 2026-W11 is Sunday 8 March to Saturday 14 March; Sunday 15 March opens W12.
      expect(await list(`period=week&periodKey=2026-W11&domainId=${d}&tz=America/New_York`)).toEqual([
        "late night",
        "afternoon",
        "NY midnight",
        "before NY midnight",
      ]);
      expect(await list(`period=week&periodKey=2026-W12&domainId=${d}&tz=UTC`)).toEqual(["next sunday"]);
      expect(await list(`period=month&periodKey=2026-02&domainId=${d}&tz=Europe/Berlin`)).toEqual(["february"]);
    });

    test("without domainId every collection of the user is listed", async () => {
      expect(await list(`period=day&periodKey=2026-03-10&tz=UTC`)).toContain("other collection");
    });

    test("the last periods of year 9999 list their notes (their end, year 10000, once failed on PGlite with 500)", async () => {
      await at("9999-12-31T12:00:00.000Z", "last day");
      expect(await list(`period=month&periodKey=9999-12&tz=UTC`)).toEqual(["last day"]);
      expect(await list(`period=day&periodKey=9999-12-31&tz=UTC`)).toEqual(["last day"]);
      expect(await list(`period=day&periodKey=1000-01-01&tz=Pacific/Kiritimati`)).toEqual([]);
    });

    test.each([
      ["period=year&periodKey=2026", "Period must be one of day, week, month"],
      ["periodKey=2026-03-10", "period"],
      ["period=day", "periodKey"],
      ["period=day&periodKey=2026-3-10", "periodKey must be a real day"],
      ["period=day&periodKey=2026-02-30", "periodKey must be a real day"],
      ["period=week&periodKey=2026-W60", "periodKey must be a real week"],
      ["period=week&periodKey=2026-03-10", "periodKey must be a real week"],
      ["period=month&periodKey=2026-13", "periodKey must be a real month"],
      ["period=day&periodKey=2026-03-10&tz=Not/AZone", "Unknown time zone"],
      ["period=day&periodKey=2026-03-10&domainId=123", "domainId"],
    ])("GET ?%s answers 400", async (q, message) => {
      const body = await expectError(await call(t, "GET", `/api/voice-notes?${q}`, { user: u }), 400, "validation_failed");
      expect(body.error.message).toContain(message);
    });

    test("another user's collection answers 404", async () => {
      const other = await createUser(t.deps);
      await expectError(await call(t, "GET", `/api/voice-notes?period=day&periodKey=2026-03-10&domainId=${d}`, { user: other }), 404, "not_found");
    });
  });

  describe("one note", () => {
    let note: VoiceNote;
    let audioKey: string;
    beforeAll(async () => {
      note = (await (await upload(t, user, { title: "To edit", createdAt: "2026-06-01T12:00:00.000Z" })).json()) as VoiceNote;
      audioKey = (await t.deps.database.db.selectFrom("voice_notes").select("audio_key").where("id", "=", note.id).executeTakeFirstOrThrow()).audio_key!;
    });

    test("the audio streams back whole with its content type", async () => {
      const res = await call(t, "GET", `/api/voice-notes/${note.id}/audio`, { user });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("audio/webm");
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(Buffer.from(await res.arrayBuffer()).equals(webmBytes())).toBe(true);
    });

    test.each([
      ["bytes=0-99", 0, 99],
      ["bytes=100-", 100, undefined],
      ["bytes=-50", -50, undefined],
      ["bytes=4000-999999", 4000, undefined],
    ])("Range %s answers 206 with the exact bytes", async (range, start, end) => {
      const all = webmBytes();
      const expected = start < 0 ? all.subarray(all.length + start) : all.subarray(start, end === undefined ? undefined : end + 1);
      const res = await call(t, "GET", `/api/voice-notes/${note.id}/audio`, { user, headers: { range } });
      expect(res.status).toBe(206);
      const first = start < 0 ? all.length + start : start;
      expect(res.headers.get("content-range")).toBe(`bytes ${first}-${first + expected.length - 1}/${all.length}`);
      expect(res.headers.get("content-length")).toBe(String(expected.length));
      expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true);
    });

    test.each(["bytes=999999-", "bytes=50-10", "bytes=abc", "bytes=-0"])("Range %s answers 416", async (range) => {
      const res = await call(t, "GET", `/api/voice-notes/${note.id}/audio`, { user, headers: { range } });
      await expectError(res, 416, "range_not_satisfiable");
      expect(res.headers.get("content-range")).toBe(`bytes */${webmBytes().length}`);
    });

    test("PATCH updates the title and the transcription", async () => {
      const res = await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, json: { title: "Edited", transcription: "I walked to the park." } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: note.id, title: "Edited", transcription: "I walked to the park.", isTranscribed: true, hasTranscription: true, isError: false });
      const again = await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, json: {} });
      expect(await again.json()).toMatchObject({ title: "Edited" });
    });

    test("a transcript the user writes while the note is transcribing is not overwritten by the worker (it was)", async () => {
      const created = (await (await upload(t, user, { domainId, title: "Typed over" })).json()) as VoiceNote;
      const jobs = transcriptionJobsRepository(t.deps.database.db);
      let claimed = await jobs.claim("worker-a", 60);
      while (claimed && claimed.id !== created.id) claimed = await jobs.claim("worker-a", 60);
      expect(claimed?.id).toBe(created.id);
      const res = await call(t, "PATCH", `/api/voice-notes/${created.id}`, { user, json: { transcription: "My own words." } });
      expect(await res.json()).toMatchObject({ transcription: "My own words.", isTranscribed: true, isTranscribing: false });
      // The worker finishes (or fails) afterwards: neither may touch the user's text.
      expect(await jobs.complete(created.id, "worker-a", "engine text", 9)).toBe(false);
      await jobs.fail(created.id, "worker-a", "engine failed");
      const row = await t.deps.database.db.selectFrom("voice_notes").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ transcription: "My own words.", is_transcribed: true, is_transcribing: false, transcription_error: null });
      // Nor is it claimed again.
      for (let next = await jobs.claim("worker-b", 60); next; next = await jobs.claim("worker-b", 60)) expect(next.id).not.toBe(created.id);
    });

    test.each([
      [{ title: "" }, "Title must not be empty"],
      [{ title: 5 }, "title"],
      [{ transcription: "x".repeat(200_001) }, "at most 200000"],
      [{ isTranscribed: true }, "isTranscribed"],
    ])("PATCH %j answers 400", async (json, message) => {
      const body = await expectError(await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, json }), 400, "validation_failed");
      expect(body.error.message).toContain(message);
    });

    test("PATCH with malformed JSON answers 400", async () => {
      const res = await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, body: "{", headers: { "content-type": "application/json" } });
      await expectError(res, 400, "bad_request");
    });

    test("a failed transcription shows as an error; /transcribe queues it again (202)", async () => {
      await t.deps.database.db
        .updateTable("voice_notes")
        .set({ is_transcribing: false, attempts: 3, transcription: "ERROR: engine down", transcription_error: null })
        .where("id", "=", note.id)
        .execute();
      const failed = (await (await call(t, "GET", `/api/voice-notes?period=day&periodKey=2026-06-01`, { user })).json()) as VoiceNote[];
      expect(failed.find((n) => n.id === note.id)).toMatchObject({ isError: true, error: "engine down", hasTranscription: false });

      const res = await call(t, "POST", `/api/voice-notes/${note.id}/transcribe`, { user });
      expect(res.status).toBe(202);
      expect(await res.json()).toMatchObject({ id: note.id, isTranscribing: true, isError: false, error: null, transcription: null });
      const row = await t.deps.database.db.selectFrom("voice_notes").selectAll().where("id", "=", note.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ attempts: 0, transcription_error: null, is_transcribing: true });
      expect(row.next_attempt_at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    });

    test("DELETE removes the row and the audio file; then the note is gone", async () => {
      const file = path.join(audioDir(t.deps.config.DATA_DIR), audioKey);
      expect(fs.existsSync(file)).toBe(true);
      const res = await call(t, "DELETE", `/api/voice-notes/${note.id}`, { user });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
      expect(fs.existsSync(file)).toBe(false);
      // The same delete sent again (its answer lost on the way): already gone, so done.
      const again = await call(t, "DELETE", `/api/voice-notes/${note.id}`, { user });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ success: true });
      await expectError(await call(t, "GET", `/api/voice-notes/${note.id}/audio`, { user }), 404, "not_found");
    });

    test("DELETE answers 200 when the row went but the audio file cannot be removed (it answered 500, and a retry 404 before)", async () => {
      const created = (await (await upload(t, user, { domainId, title: "Stuck file" })).json()) as VoiceNote;
      const row = await t.deps.database.db.selectFrom("voice_notes").select("audio_key").where("id", "=", created.id).executeTakeFirstOrThrow();
      const file = path.join(audioDir(t.deps.config.DATA_DIR), row.audio_key!);
      // A non-empty directory where the file was: removing it fails like a storage error would.
      fs.rmSync(file);
      fs.mkdirSync(file);
      fs.writeFileSync(path.join(file, "inside"), "x");
      const res = await call(t, "DELETE", `/api/voice-notes/${created.id}`, { user });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
      expect((await call(t, "DELETE", `/api/voice-notes/${created.id}`, { user })).status).toBe(200);
      fs.rmSync(file, { recursive: true });
    });

    test.each(["GET /audio", "PATCH", "DELETE", "POST /transcribe"])("%s with a malformed id answers 404", async (op) => {
      const [method, suffix = ""] = op.split(" ");
      const res = await call(t, method!, `/api/voice-notes/not-a-uuid${suffix}`, { user, ...(method === "PATCH" ? { json: { title: "x" } } : {}) });
      await expectError(res, 404, "not_found");
    });
  });
});
