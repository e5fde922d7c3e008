import { JOURNAL_EXPORT_VERSION, type JournalExport } from "@vj/core";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { sql, type KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exportJournal, exportTempDir } from "../src/portability/export.js";
import { summariesRepository } from "../src/repositories/summaries.js";
import { serviceContext } from "../src/routes/index.js";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { noteForm } from "./support/multipart.js";
import { webmBytes } from "./support/audio.js";
import { waitFor } from "./support/wait.js";
import { makeZip, readZip, tempFile } from "./support/zip.js";

const importForm = (bytes: Buffer) => {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "application/zip" }), "export.zip");
  return form;
};

/** Every audio file and row the account has: what must not change after a refused import. */
function audioFiles(t: TestApp): string[] {
  const dir = `${t.deps.config.DATA_DIR}/audio`;
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(`${dir}/${f}`).isFile()).sort();
}

describe.each(dbKinds)("export and import on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { TRANSCRIBE_ENGINE: "none" });
  });
  afterAll(() => t.close());

  const exportZip = async (user: TestUser, query = "") => {
    const res = await call(t, "GET", `/api/export${query}`, { user });
    expect(res.status, await res.clone().text().catch(() => "")).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="voice-journal-\d{4}-\d{2}-\d{2}\.zip"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    // journal.json waited under DATA_DIR while the zip streamed, and is gone once it is sent.
    const left = await waitFor(async () => fs.readdirSync(exportTempDir(t.deps.config.DATA_DIR)), (names) => names.length === 0, 5_000);
    expect(left).toEqual([]);
    return bytes;
  };
  const importZip = (user: TestUser, bytes: Buffer) => t.app.request("/api/import", { method: "POST", headers: user.headers, body: importForm(bytes) });

  /** The account as content (no ids): what a round trip must keep. */
  const content = async (user: TestUser) => {
    const db = t.deps.database.db;
    const domains = await db.selectFrom("domains").select(["id", "name", "primary_color", "description"]).where("user_id", "=", user.id).orderBy("name").execute();
    const out = [];
    for (const d of domains) {
      const notes = await db.selectFrom("voice_notes").selectAll().where("domain_id", "=", d.id).orderBy("created_at").execute();
      const types = await db.selectFrom("summary_types").select(["name", "prompt"]).where("domain_id", "=", d.id).orderBy("name").execute();
      const summaries = await db
        .selectFrom("summaries")
        .leftJoin("summary_types", "summary_types.id", "summaries.summary_type_id")
        .select(["summaries.period", "summaries.period_key", "summaries.content", "summaries.themes", "summaries.created_at", "summary_types.name as type"])
        .where("summaries.domain_id", "=", d.id)
        .orderBy("summaries.created_at")
        .execute();
      const withAudio = [];
      for (const n of notes) {
        const blob = n.audio_key ? await t.deps.blobs.open(n.audio_key) : null;
        const chunks: Buffer[] = [];
        if (blob) for await (const c of blob.stream) chunks.push(c as Buffer);
        withAudio.push({
          title: n.title, transcription: n.transcription, error: n.transcription_error, duration: n.duration,
          createdAt: n.created_at.toISOString(), audio: blob ? Buffer.concat(chunks).toString("base64") : null,
        });
      }
      out.push({ name: d.name, color: d.primary_color, description: d.description, notes: withAudio, types, summaries: summaries.map((s) => ({ ...s, created_at: s.created_at.toISOString() })) });
    }
    return out;
  };

  test("a collection larger than a page is exported whole, read from the database a page of notes at a time", async () => {
    const user = await createUser(t.deps);
    const domainId = (await createDomain(t, user, { name: "Diary", isDefault: true })).id;
    const day = new Date(Date.UTC(2026, 3, 2, 6));
    const total = 1_201;
    await t.deps.database.db
      .insertInto("voice_notes")
      .values(
        Array.from({ length: total }, (_, i) => ({
          user_id: user.id, domain_id: domainId, client_id: null, title: "Same title", transcription: `Thought number ${i + 1}.`, duration: 5,
          is_transcribed: true, is_transcribing: false, transcription_error: null, audio_key: null, audio_mime: null, audio_bytes: null,
          next_attempt_at: null, lease_owner: null, lease_expires_at: null, created_at: new Date(day.getTime() + i * 1000),
        })),
      )
      .execute();
    // Stored to the microsecond, as the database's own clock gives: a page must not start again at
    // the note that ended the one before.
    await sql`UPDATE voice_notes SET created_at = created_at + interval '123 microseconds' WHERE domain_id = ${domainId}`.execute(t.deps.database.db);
    // The largest number of notes any one read of the export brought into memory.
    let largestRead = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        const rows = args.result.rows as { transcription?: unknown }[];
        if (rows.length > 0 && rows[0] && "transcription" in rows[0]) largestRead = Math.max(largestRead, rows.length);
        return args.result;
      },
    };
    const ctx = { ...serviceContext(t.deps), db: t.deps.database.db.withPlugin(counting) };
    const chunks: Buffer[] = [];
    for await (const chunk of await exportJournal(ctx, user.id)) chunks.push(chunk as Buffer);
    const entries = await readZip(Buffer.concat(chunks));
    const journal = JSON.parse(entries.get("journal.json")!.toString("utf8")) as JournalExport;
    const notes = journal.collections[0]!.notes;
    expect(notes).toHaveLength(total);
    expect(notes.map((n) => n.transcription)).toEqual(Array.from({ length: total }, (_, i) => `Thought number ${i + 1}.`));
    // One name per note, across pages too; every one is in the zip with its text.
    expect(new Set(notes.map((n) => n.markdown)).size).toBe(total);
    expect(notes[0]!.markdown).toBe("notes/diary/2026-04-02-same-title.md");
    expect(notes[total - 1]!.markdown).toBe(`notes/diary/2026-04-02-same-title-${total}.md`);
    expect(entries.get(notes[700]!.markdown)!.toString("utf8")).toContain("Thought number 701.");
    expect(largestRead).toBeGreaterThan(0);
    expect(largestRead).toBeLessThanOrEqual(500);
  });

  test("a whole journal survives export, account deletion, a new sign-up and import; a second import adds nothing", async () => {
    const email = `round-${Date.now()}@example.com`;
    let user = await createUser(t.deps, email);
    const names = ["Home", "Work", "Travel"];
    const ids: string[] = [];
    for (const [i, name] of names.entries()) ids.push((await createDomain(t, user, { name, isDefault: i === 0, primaryColor: ["#2563eb", "#059669", "#d97706"][i] })).id);
    const audio = webmBytes();
    const upload = async (domainId: string, title: string, createdAt: string) =>
      ((await (await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ domainId, title, createdAt, audio }) })).json()) as { id: string }).id;
    const morning = await upload(ids[0]!, "Morning pages", "2026-03-10T07:15:00.000Z");
    await call(t, "PATCH", `/api/voice-notes/${morning}`, { user, json: { transcription: "Slept well. Café au lait and a plan for the day." } });
    const long = await upload(ids[1]!, "Quarterly review: what went well / what didn't", "2026-03-11T16:00:00.000Z");
    await call(t, "PATCH", `/api/voice-notes/${long}`, { user, json: { transcription: "A long reflection. ".repeat(3000) } });
    const failed = await upload(ids[2]!, "Airport", "2026-03-12T05:30:00.000Z");
    await t.deps.database.db.updateTable("voice_notes").set({ is_transcribing: false, transcription_error: "Transcription failed: audio was silent" }).where("id", "=", failed).execute();
    await upload(ids[2]!, "Airport", "2026-03-12T05:31:00.000Z"); // the same title twice, same day
    const type = ((await (await call(t, "POST", "/api/summary-types", { user, json: { domainId: ids[1], name: "Wins", prompt: "List my wins." } })).json()) as { id: string }).id;
    const summaries = summariesRepository(t.deps.database.db);
    await summaries.insert({ userId: user.id, domainId: ids[1]!, summaryTypeId: type, period: "week", periodKey: "2026-W11", prompt: "List my wins.", responseLength: "short", content: "## Wins\n\n- Shipped", themes: ["Work"], totalVoiceNotes: 1, totalDuration: 60, wordsTranscribed: 9000, engine: "test" });
    await summaries.insert({ userId: user.id, domainId: ids[0]!, summaryTypeId: null, period: "day", periodKey: "2026-03-10", prompt: null, responseLength: "medium", content: "A calm day.", themes: ["Rest"], totalVoiceNotes: 1, totalDuration: 1, wordsTranscribed: 9, engine: "test" });
    const before = await content(user);

    const zip = await exportZip(user);
    const entries = await readZip(zip);
    const journal = JSON.parse(entries.get("journal.json")!.toString("utf8")) as JournalExport;
    expect(journal.version).toBe(JOURNAL_EXPORT_VERSION);
    expect(journal.collections.map((c) => c.name)).toEqual(names);
    const files = [...entries.keys()].sort();
    expect(files).toContain("notes/home/2026-03-10-morning-pages.md");
    expect(files).toContain("notes/work/2026-03-11-quarterly-review-what-went-well-what-didn-t.md");
    expect(files.filter((f) => f.startsWith("audio/travel/2026-03-12-airport"))).toHaveLength(2);
    expect(files.filter((f) => f.startsWith("summaries/"))).toHaveLength(2);
    const md = entries.get("notes/home/2026-03-10-morning-pages.md")!.toString("utf8");
    expect(md).toMatch(/^---\ntitle: "Morning pages"\ndate: "2026-03-10T07:15:00.000Z"\n/);
    expect(md).toContain("Slept well. Café au lait and a plan for the day.");
    const audioEntry = journal.collections[0]!.notes[0]!.audio!.file;
    expect(entries.get(audioEntry)!.equals(Buffer.from(audio))).toBe(true);

    expect((await call(t, "DELETE", "/api/auth/delete-account", { user })).status).toBe(200);
    user = await createUser(t.deps, email);
    const res = await importZip(user, zip);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({
      collections: { imported: 3, existing: 0 },
      notes: { imported: 4, existing: 0 },
      summaryTypes: { imported: 1, existing: 0 },
      summaries: { imported: 2, existing: 0 },
    });
    expect(await content(user)).toEqual(before);

    const again = await importZip(user, zip);
    expect(await again.json()).toEqual({
      collections: { imported: 0, existing: 3 },
      notes: { imported: 0, existing: 4 },
      summaryTypes: { imported: 0, existing: 1 },
      summaries: { imported: 0, existing: 2 },
    });
    expect(await content(user)).toEqual(before);
    // Nothing is transcribed again.
    const queued = await t.deps.database.db.selectFrom("voice_notes").select("id").where("user_id", "=", user.id).where("is_transcribing", "=", true).execute();
    expect(queued).toHaveLength(1); // only the note that had neither text nor error when exported
  });

  test("one collection's export holds only it; another user's collection answers 404", async () => {
    const user = await createUser(t.deps);
    const other = await createUser(t.deps);
    const a = (await createDomain(t, user, { name: "Alpha", isDefault: true })).id;
    await createDomain(t, user, { name: "Beta" });
    const foreign = (await createDomain(t, other, { name: "Secret", isDefault: true })).id;
    const journal = JSON.parse((await readZip(await exportZip(user, `?domainId=${a}`))).get("journal.json")!.toString("utf8")) as JournalExport;
    expect(journal.collections.map((c) => c.name)).toEqual(["Alpha"]);
    await expectError(await call(t, "GET", `/api/export?domainId=${foreign}`, { user }), 404, "not_found");
  });

  describe("bad input is refused with the reason, and leaves no row and no file", () => {
    let user: TestUser;
    let good: Buffer;
    let journal: JournalExport;
    beforeAll(async () => {
      const owner = await createUser(t.deps);
      const d = (await createDomain(t, owner, { name: "Source", isDefault: true })).id;
      await t.app.request("/api/voice-notes", { method: "POST", headers: owner.headers, body: noteForm({ domainId: d, title: "One" }) });
      good = await exportZip(owner);
      journal = JSON.parse((await readZip(good)).get("journal.json")!.toString("utf8")) as JournalExport;
      user = await createUser(t.deps);
    });

    const refused = async (bytes: Buffer, reason: RegExp, status = 400) => {
      const rows = async () => ({
        domains: await t.deps.database.db.selectFrom("domains").select("id").where("user_id", "=", user.id).execute(),
        notes: await t.deps.database.db.selectFrom("voice_notes").select("id").where("user_id", "=", user.id).execute(),
      });
      const before = { rows: await rows(), files: audioFiles(t) };
      const body = await expectError(await importZip(user, bytes), status, status === 400 ? "bad_request" : "payload_too_large");
      expect(body.error.message).toMatch(reason);
      expect({ rows: await rows(), files: audioFiles(t) }).toEqual(before);
    };
    const withJournal = (j: unknown, extra: { name: string; data: Buffer | string; mode?: number; compress?: boolean }[] = []) =>
      makeZip([{ name: "journal.json", data: JSON.stringify(j) }, ...extra]);
    const audioOf = async () => (await readZip(good)).get(journal.collections[0]!.notes[0]!.audio!.file)!;

    test("not a zip, and a truncated one", async () => {
      await refused(Buffer.from("this is not a zip file at all"), /not a readable zip/);
      await refused(good.subarray(0, Math.floor(good.length / 2)), /zip/);
    });

    test("an unknown journal.json version, or none", async () => {
      await refused(await withJournal({ ...journal, version: 99 }), /version 99; this server reads version 1/);
      await refused(await makeZip([{ name: "notes.md", data: "hi" }]), /no journal\.json/);
      await refused(await makeZip([{ name: "journal.json", data: "{not json" }]), /not valid JSON/);
    });

    test("entries with .., absolute paths or links; a recording the journal names but the zip lacks", async () => {
      const audio = await audioOf();
      await refused(await withJournal(journal, [{ name: "../../escape.webm", data: audio }]), /outside the archive/);
      await refused(await withJournal(journal, [{ name: "/etc/cron.d/evil", data: "x" }]), /outside the archive/);
      await refused(await withJournal(journal, [{ name: journal.collections[0]!.notes[0]!.audio!.file, data: "/etc/passwd", mode: 0o120777 }]), /symbolic link/);
      await refused(await withJournal(journal), /lacks the recording/);
      // Its audio written first, then a later note fails: the first file is removed again.
      const twice = structuredClone(journal);
      twice.collections[0]!.notes.push({ ...twice.collections[0]!.notes[0]!, id: "second", clientId: "second", audio: { ...twice.collections[0]!.notes[0]!.audio!, file: "audio/x/not-audio.txt" } });
      await refused(await withJournal(twice, [{ name: journal.collections[0]!.notes[0]!.audio!.file, data: audio }, { name: "audio/x/not-audio.txt", data: "x" }]), /not in an audio format/);
    });

    test("a zip bomb (1 GB of zeros in a 1 MB zip) is refused before it is inflated", async () => {
      const file = tempFile("bomb.zip");
      // Written by a streaming deflate of zeros, so the test's own memory stays flat too.
      const z = new yazl.ZipFile();
      const zeros = Readable.from((function* () { const mb = Buffer.alloc(1024 * 1024); for (let i = 0; i < 1024; i++) yield mb; })());
      z.addReadStream(zeros, "audio/bomb.webm");
      z.addBuffer(Buffer.from(JSON.stringify(journal)), "journal.json");
      z.end();
      await pipeline(z.outputStream, fs.createWriteStream(file));
      expect(fs.statSync(file).size).toBeLessThan(2 * 1024 * 1024);
      const rss = process.memoryUsage().rss;
      await refused(fs.readFileSync(file), /zip bomb/);
      expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);
      fs.rmSync(file, { force: true });
      // Making the bomb deflates 1 GB here; a busy 2-core machine needs more than the default 30 s.
    }, 180_000);
  });
});
