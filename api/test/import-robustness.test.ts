import { JOURNAL_EXPORT_FORMAT, JOURNAL_EXPORT_VERSION, type JournalExport } from "@vj/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { expectError } from "./support/api.js";
import { webmBytes } from "./support/audio.js";
import { makeZip } from "./support/zip.js";

// POST /api/import under pressure: many imports of one export at once, text the database cannot
// store, and a journal larger than one transaction should hold.

type ExportedNote = JournalExport["collections"][number]["notes"][number];

const note = (i: number, o: Partial<ExportedNote> = {}): ExportedNote => ({
  id: `n${i}`,
  clientId: `client-${i}`,
  title: `Note ${i}`,
  transcription: `Words of note ${i}.`,
  transcriptionError: null,
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  duration: 1,
  audio: null,
  markdown: `notes/home/${i}.md`,
  ...o,
});

const journalOf = (notes: ExportedNote[], extra: Partial<JournalExport["collections"][number]> = {}): JournalExport => ({
  format: JOURNAL_EXPORT_FORMAT,
  version: JOURNAL_EXPORT_VERSION,
  exportedAt: "2026-03-01T00:00:00.000Z",
  collections: [
    {
      id: "c1",
      name: "Home",
      slug: "home",
      description: null,
      primaryColor: "#2563eb",
      isDefault: true,
      createdAt: "2026-01-01T00:00:00.000Z",
      summaryTypes: [{ id: "t1", name: "Wins", prompt: "List my wins.", createdAt: "2026-01-01T00:00:00.000Z" }],
      notes,
      summaries: [],
      ...extra,
    },
  ],
});

const zipOf = (journal: JournalExport, files: { name: string; data: Buffer | string }[] = []) =>
  makeZip([{ name: "journal.json", data: JSON.stringify(journal) }, ...files]);

describe.each(dbKinds)("import under pressure on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { TRANSCRIBE_ENGINE: "none" });
  });
  afterAll(() => t.close());

  const importZip = (user: TestUser, bytes: Buffer) => {
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "application/zip" }), "export.zip");
    return t.app.request("/api/import", { method: "POST", headers: user.headers, body: form });
  };
  const rows = async (user: TestUser) => {
    const db = t.deps.database.db;
    return {
      collections: (await db.selectFrom("domains").select("id").where("user_id", "=", user.id).execute()).length,
      types: (await db.selectFrom("summary_types").select("id").where("user_id", "=", user.id).execute()).length,
      notes: (await db.selectFrom("voice_notes").select("id").where("user_id", "=", user.id).execute()).length,
    };
  };

  test("12 imports of one export at once by a new account: none answers 5xx, the others are told one is running, one copy is made", async () => {
    const user = await createUser(t.deps);
    const zip = await zipOf(journalOf(Array.from({ length: 40 }, (_, i) => note(i))));
    const answers = await Promise.all(Array.from({ length: 12 }, () => importZip(user, zip)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    for (const res of answers.filter((r) => r.status !== 200)) {
      const body = await expectError(res, 409, "conflict");
      expect(body.error.message).toBe("an import of this journal is already running");
    }
    expect(await rows(user)).toEqual({ collections: 1, types: 1, notes: 40 });
    // Once it is done, the next import runs, and adds nothing.
    const again = await importZip(user, zip);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { notes: unknown }).notes).toEqual({ imported: 0, existing: 40 });
  });

  test("a NUL in an imported title, or a lone surrogate in a transcript, answers 400 naming the note; no row is written", async () => {
    const user = await createUser(t.deps);
    const nul = await importZip(user, await zipOf(journalOf([note(1), note(2, { title: "Bad\u0000title" })])));
    const body = await expectError(nul, 400, "bad_request");
    expect(body.error.message).toMatch(/Note n2.*title/);
    expect(await rows(user)).toEqual({ collections: 0, types: 0, notes: 0 });

    const lone = await importZip(user, await zipOf(journalOf([note(1, { transcription: "half \ud800 a pair" })])));
    expect((await expectError(lone, 400, "bad_request")).error.message).toMatch(/Note n1.*transcription/);
    const inName = await importZip(user, await zipOf(journalOf([note(1)], { name: "Ho\u0000me" })));
    expect((await expectError(inName, 400, "bad_request")).error.message).toMatch(/name/);
    expect(await rows(user)).toEqual({ collections: 0, types: 0, notes: 0 });
  });

  test("a file that is not audio, whatever its name, is refused with its name before anything is written", async () => {
    const user = await createUser(t.deps);
    const fake = note(1, { audio: { file: "audio/home/1.webm", mimeType: "audio/webm", bytes: 5 } });
    const res = await importZip(user, await zipOf(journalOf([note(0), fake]), [{ name: "audio/home/1.webm", data: "hello, not a recording" }]));
    expect((await expectError(res, 400, "bad_request")).error.message).toBe("The recording audio/home/1.webm is not in an audio format this server keeps");
    expect(await rows(user)).toEqual({ collections: 0, types: 0, notes: 0 });
  });

  test("a journal of 1,100 notes goes in by batches: a failure in the third leaves the first two, and importing again completes it and then adds nothing", async () => {
    const user = await createUser(t.deps);
    const audio = webmBytes();
    const notes = Array.from({ length: 1100 }, (_, i) =>
      i === 100 || i === 1050 ? note(i, { audio: { file: `audio/home/${i}.webm`, mimeType: "audio/webm", bytes: audio.length } }) : note(i),
    );
    const zip = await zipOf(journalOf(notes), [
      { name: "audio/home/100.webm", data: audio },
      { name: "audio/home/1050.webm", data: audio },
    ]);
    // The audio store fails on the second recording (note 1050, in the third batch of 500).
    const blobs = t.deps.blobs;
    const createTemp = blobs.createTemp.bind(blobs);
    let temps = 0;
    blobs.createTemp = () => {
      if (++temps === 2) throw new Error("disk full");
      return createTemp();
    };
    try {
      const failed = await importZip(user, zip);
      expect(failed.status).toBeGreaterThanOrEqual(400);
      const message = ((await failed.json()) as { error: { message: string } }).error.message;
      expect(message).toMatch(/1000 of 1100 notes/);
      expect(message).toMatch(/import the same file again/);
    } finally {
      blobs.createTemp = createTemp;
    }
    expect(await rows(user)).toEqual({ collections: 1, types: 1, notes: 1000 });

    const resumed = await importZip(user, zip);
    expect(resumed.status).toBe(200);
    expect(((await resumed.json()) as { notes: unknown }).notes).toEqual({ imported: 100, existing: 1000 });
    const again = await importZip(user, zip);
    expect(((await again.json()) as { notes: unknown }).notes).toEqual({ imported: 0, existing: 1100 });
    expect(await rows(user)).toEqual({ collections: 1, types: 1, notes: 1100 });
    const withAudio = await t.deps.database.db.selectFrom("voice_notes").select("audio_key").where("user_id", "=", user.id).where("audio_key", "is not", null).execute();
    expect(withAudio).toHaveLength(2);
  }, 120_000);
});
