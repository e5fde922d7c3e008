import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import yauzl from "yauzl";
import { describe, expect, test } from "vitest";
import { openZip } from "../src/portability/zip-reader.js";
import { ZipWriter } from "../src/portability/zip-writer.js";
import { tempFile } from "./support/zip.js";

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The zip written by `entries` (a generator over a writer) into a scratch file. */
async function written(entries: (zip: ZipWriter) => AsyncGenerator<Buffer>): Promise<string> {
  const file = tempFile("written.zip");
  await pipeline(Readable.from(entries(new ZipWriter())), fs.createWriteStream(file));
  return file;
}

/**
 * The zip's entries as the import's zip library lists them (from memory: the listing of tens of
 * thousands of entries from a file takes long on a busy machine), and a reader of one entry's
 * bytes that checks them against the CRC the zip declares, as unzip does.
 */
async function listing(file: string) {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(fs.readFileSync(file), { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))));
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", () => resolve());
    zip.on("entry", (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
  const read = async (name: string) => {
    const entry = entries.get(name)!;
    const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))));
    const bytes = await bytesOf(stream);
    expect(zlib.crc32(bytes), `CRC of ${name}`).toBe(entry.crc32);
    return bytes.toString("utf8");
  };
  return { entries, read, count: zip.entryCount };
}

describe("the export's zip writer", () => {
  test("deflated and stored files and streamed entries read back through the import's reader, with their bytes, names and times", async () => {
    const mtime = new Date("2026-03-10T07:15:00.000Z");
    const recording = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
    const longText = "A long reflection. ".repeat(5000);
    const file = await written(async function* (zip) {
      yield* zip.file("notes/home/2026-03-10-café.md", Buffer.from('---\ntitle: "Café"\n---\n\nSlept well.\n'), { mtime, compress: true });
      yield* zip.file("notes/work/2026-03-11-review.md", Buffer.from(longText), { mtime, compress: true });
      yield* zip.stream("audio/home/2026-03-10-café.webm", Readable.from([recording.subarray(0, 100_000), recording.subarray(100_000)]), { mtime, compress: false });
      yield* zip.stream("journal.json", Readable.from([Buffer.from('{"collections":'), Buffer.from("[]}\n".repeat(20_000))]), { mtime, compress: true });
      yield* zip.file("empty.md", Buffer.alloc(0), { mtime, compress: true });
      yield* zip.end();
    });
    const entries = await openZip(file, 1024 ** 3);
    try {
      expect([...entries.names.keys()]).toEqual(["notes/home/2026-03-10-café.md", "notes/work/2026-03-11-review.md", "audio/home/2026-03-10-café.webm", "journal.json", "empty.md"]);
      expect((await bytesOf(await entries.open("notes/home/2026-03-10-café.md"))).toString("utf8")).toBe('---\ntitle: "Café"\n---\n\nSlept well.\n');
      expect((await bytesOf(await entries.open("notes/work/2026-03-11-review.md"))).toString("utf8")).toBe(longText);
      expect((await bytesOf(await entries.open("audio/home/2026-03-10-café.webm"))).equals(recording)).toBe(true);
      expect((await bytesOf(await entries.open("journal.json"))).toString("utf8")).toBe('{"collections":' + "[]}\n".repeat(20_000));
      expect((await bytesOf(await entries.open("empty.md"))).length).toBe(0);
      // Text is deflated, the recording stored as it is.
      expect(entries.names.get("journal.json")!.compressedSize).toBeLessThan(10_000);
      expect(entries.names.get("notes/work/2026-03-11-review.md")!.compressedSize).toBeLessThan(2_000);
      expect(entries.names.get("audio/home/2026-03-10-café.webm")!.compressedSize).toBe(recording.length);
      expect(entries.names.get("notes/home/2026-03-10-café.md")!.getLastModDate().getTime()).toBe(mtime.getTime());
    } finally {
      entries.close();
    }
    const checked = await listing(file);
    for (const name of checked.entries.keys()) await checked.read(name);
    fs.rmSync(file, { force: true });
  });

  test("70,000 entries, more than a zip counts without ZIP64, are all listed and read back", async () => {
    const total = 70_000;
    const mtime = new Date("2026-01-01T00:00:00.000Z");
    const file = await written(async function* (zip) {
      for (let i = 1; i <= total; i++) yield* zip.file(`notes/diary/2026-01-01-note-${i}.md`, Buffer.from(`Thought number ${i}.\n`), { mtime, compress: i % 2 === 0 });
      yield* zip.stream("journal.json", Readable.from([Buffer.from(`{"notes":${total}}`)]), { mtime, compress: true });
      yield* zip.end();
    });
    const zip = await listing(file);
    expect(zip.count).toBe(total + 1);
    expect(zip.entries.size).toBe(total + 1);
    for (const i of [1, 65_535, 65_536, total]) expect(await zip.read(`notes/diary/2026-01-01-note-${i}.md`)).toBe(`Thought number ${i}.\n`);
    expect(await zip.read("journal.json")).toBe(`{"notes":${total}}`);
    fs.rmSync(file, { force: true });
  }, 120_000);

  test("a source that fails part way fails the zip with its error", async () => {
    const zip = new ZipWriter();
    const failing = (async function* () {
      yield Buffer.from("the first bytes");
      throw new Error("The recording k1 is missing from the audio store");
    })();
    const bytes = Readable.from(
      (async function* () {
        yield* zip.file("a.md", Buffer.from("a"), { mtime: new Date(), compress: true });
        yield* zip.stream("audio/a.webm", failing, { mtime: new Date(), compress: false });
        yield* zip.end();
      })(),
    );
    await expect(bytesOf(bytes)).rejects.toThrow("The recording k1 is missing from the audio store");
  });
});
