import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { pipeline, Readable } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * Deflated bytes of a file. A small one (a note's Markdown) is deflated at once with a window just
 * large enough for it: zlib's default 32 KB window and its set-up cost three times the deflating
 * of a 1 KB text, and a window as long as the text finds every match the default would. Its output
 * buffer is as long as the text (and more if needed): zlib's default of 16 KB for each of 100,000
 * notes was 1.6 GB of buffers to free, tens of MB of them waiting at any time. A large one goes to
 * zlib's thread pool, so that other requests are not kept waiting.
 */
async function deflated(data: Buffer): Promise<Buffer> {
  if (data.length > 64 * 1024) return deflateRaw(data);
  let windowBits = 9;
  // zlib matches back at most 2^windowBits - 262 bytes.
  while (windowBits < 15 && (1 << windowBits) - 262 < data.length) windowBits++;
  return zlib.deflateRawSync(data, { windowBits, chunkSize: Math.max(zlib.constants.Z_MIN_CHUNK, data.length + 64) });
}

export interface ZipEntryOptions {
  /** Last-modified time of the file (DOS time in the server's zone, and UTC seconds in the central directory). */
  mtime: Date;
  /** Deflate the bytes (text), or store them as they are (recordings, compressed already). */
  compress: boolean;
}

const LOCAL_HEADER = 30;
const CENTRAL_RECORD = 46;
const UNIX_TIME_EXTRA = 9;
const ZIP64_EXTRA = 28;
const ZIP64_END = 56;
const ZIP64_LOCATOR = 20;
const END = 22;
const VERSION_MADE_BY = (3 << 8) | 63; // Unix, spec 6.3
const VERSION_UTF8 = 20;
const VERSION_ZIP64 = 45;
const UTF8_NAMES = 1 << 11;
const SIZES_AFTER_DATA = 1 << 3;
const FILE_MODE = 0o100664;
/** Sizes and offsets from this on need the ZIP64 fields. */
const MAX_32 = 0xfffffffe;
/** The central directory is kept in slabs of this size: no slab is copied as it grows. */
const SLAB = 64 * 1024;

/**
 * A zip written front to back as chunks of bytes, for a download of any number of entries. Each
 * entry is a local header, its data and (when streamed) a data descriptor; the central directory
 * at the end needs, per entry, only its record: those ~100 bytes (46 + name + timestamp) are
 * written into 64 KB slabs as each entry is finished, and nothing else of an entry is kept. More
 * than 65,534 entries, a central directory past 4 GB or an offset past 4 GB get the ZIP64 end
 * records; an entry whose size or offset passes 4 GB gets the ZIP64 extra field.
 *
 * The caller yields what `file`, `stream` and `end` yield, in order, from one generator (e.g. into
 * `Readable.from`), so the zip advances only as fast as its reader takes the bytes.
 */
export class ZipWriter {
  private offset = 0;
  private count = 0;
  private readonly slabs: Buffer[] = [];
  private slab = Buffer.alloc(0);
  private used = 0;
  private directory: fs.FileHandle | null = null;
  private spilled = 0;

  /**
   * With `directoryFile`, each full slab of the central directory is written there instead of
   * kept (a zip of 100,000 entries has 10 MB of it); the caller removes the file.
   */
  constructor(private readonly options: { directoryFile?: string } = {}) {}

  /** Closes the central directory's file, if there is one (the zip ended or was left). */
  async close(): Promise<void> {
    const directory = this.directory;
    this.directory = null;
    await directory?.close();
  }

  /** Writes the full slabs to the central directory's file, when there is one. */
  private async spill(): Promise<void> {
    if (!this.options.directoryFile || this.slabs.length === 0) return;
    this.directory ??= await fs.open(this.options.directoryFile, "w");
    for (const slab of this.slabs.splice(0)) {
      await this.directory.write(slab);
      this.spilled += slab.length;
    }
  }

  /** An entry whose bytes are all here: its CRC and sizes go in its local header. */
  async *file(name: string, data: Buffer, options: ZipEntryOptions): AsyncGenerator<Buffer> {
    const nameBytes = entryName(name);
    const crc = zlib.crc32(data);
    const stored = options.compress ? await deflated(data) : data;
    const entry: Finished = { nameBytes, mtime: options.mtime, compress: options.compress, streamed: false, crc, size: data.length, stored: stored.length, offset: this.offset };
    // Header and data in one buffer (from Node's pool when small), not two and their concatenation.
    const bytes = localHeader(entry, stored.length);
    stored.copy(bytes, bytes.length - stored.length);
    this.offset += bytes.length;
    this.record(entry);
    await this.spill();
    yield bytes;
  }

  /** An entry read from `source` as it goes: its CRC and sizes follow its data (a data descriptor). */
  async *stream(name: string, source: AsyncIterable<Uint8Array>, options: ZipEntryOptions): AsyncGenerator<Buffer> {
    const nameBytes = entryName(name);
    const entry: Finished = { nameBytes, mtime: options.mtime, compress: options.compress, streamed: true, crc: 0, size: 0, stored: 0, offset: this.offset };
    const header = localHeader(entry);
    this.offset += header.length;
    yield header;
    const counted = async function* () {
      for await (const chunk of source) {
        entry.crc = zlib.crc32(chunk, entry.crc);
        entry.size += chunk.length;
        yield chunk;
      }
    };
    if (options.compress) {
      // pipeline: an error on either side ends both, and leaving early (the reader went away) too.
      const deflated = pipeline(Readable.from(counted(), { objectMode: false }), zlib.createDeflateRaw(), () => {});
      for await (const chunk of deflated) {
        entry.stored += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    } else {
      yield* storedAs(entry, counted());
    }
    yield* this.afterData(entry);
  }

  /**
   * An entry whose bytes were deflated (raw) elsewhere as they were made: `source` gives the
   * deflated bytes, `crc` and `size` are those of the bytes before deflating (known only once all
   * were made). They follow its data, as in `stream`.
   */
  async *deflated(name: string, source: AsyncIterable<Uint8Array>, original: { crc: number; size: number }, options: { mtime: Date }): AsyncGenerator<Buffer> {
    const entry: Finished = { nameBytes: entryName(name), mtime: options.mtime, compress: true, streamed: true, crc: original.crc, size: original.size, stored: 0, offset: this.offset };
    const header = localHeader(entry);
    this.offset += header.length;
    yield header;
    yield* storedAs(entry, source);
    yield* this.afterData(entry);
  }

  /** What follows a streamed entry's data: its data descriptor, and its central directory record kept. */
  private async *afterData(entry: Finished): AsyncGenerator<Buffer> {
    const descriptor = dataDescriptor(entry);
    this.offset += entry.stored + descriptor.length;
    this.record(entry);
    await this.spill();
    yield descriptor;
  }

  /** The central directory and the end records; nothing may be added after. */
  async *end(): AsyncGenerator<Buffer> {
    const start = this.offset;
    if (this.directory) {
      await this.close();
      yield* createReadStream(this.options.directoryFile!) as AsyncIterable<Buffer>;
    }
    for (const slab of this.slabs) yield slab;
    if (this.used > 0) yield this.slab.subarray(0, this.used);
    const size = this.slabs.reduce((n, s) => n + s.length, this.spilled + this.used);
    this.slabs.length = 0;
    this.slab = Buffer.alloc(0);
    this.used = 0;
    this.offset += size;
    yield endRecords(this.count, size, start, this.offset);
  }

  /** Writes the entry's central directory record into the current slab (a new one when full). */
  private record(entry: Finished): void {
    const length = CENTRAL_RECORD + entry.nameBytes.length + UNIX_TIME_EXTRA + (needsZip64(entry) ? ZIP64_EXTRA : 0);
    if (this.used + length > this.slab.length) {
      if (this.used > 0) this.slabs.push(this.slab.subarray(0, this.used));
      this.slab = Buffer.allocUnsafeSlow(Math.max(SLAB, length));
      this.used = 0;
    }
    centralRecord(entry, this.slab, this.used);
    this.used += length;
    this.count++;
  }
}

interface Finished {
  nameBytes: Buffer;
  mtime: Date;
  compress: boolean;
  streamed: boolean;
  crc: number;
  size: number;
  stored: number;
  offset: number;
}

/** The name as UTF-8; a name that could point outside the archive's folder is a bug here. */
function entryName(name: string): Buffer {
  if (name === "" || name.startsWith("/") || name.includes("\\") || /^[A-Za-z]:/.test(name) || name.split("/").includes("..")) {
    throw new Error(`Not a relative zip entry name: ${name}`);
  }
  const bytes = Buffer.from(name, "utf8");
  if (bytes.length > 0xffff) throw new Error(`Zip entry name too long: ${name.slice(0, 80)}…`);
  return bytes;
}

const needsZip64 = (e: Finished) => e.size > MAX_32 || e.stored > MAX_32 || e.offset > MAX_32;

const flagsOf = (e: Finished) => UTF8_NAMES | (e.streamed ? SIZES_AFTER_DATA : 0);

/** The entry's local header, with room for `dataLength` bytes after it; every byte of the header is written. */
function localHeader(e: Finished, dataLength = 0): Buffer {
  const b = Buffer.allocUnsafe(LOCAL_HEADER + e.nameBytes.length + dataLength);
  const { date, time } = dosDateTime(e.mtime);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION_UTF8, 4);
  b.writeUInt16LE(flagsOf(e), 6);
  b.writeUInt16LE(e.compress ? 8 : 0, 8);
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  // A streamed entry's CRC and sizes are not known yet: zero here, in its data descriptor after.
  b.writeUInt32LE(e.streamed ? 0 : e.crc, 14);
  b.writeUInt32LE(e.streamed ? 0 : e.stored, 18);
  b.writeUInt32LE(e.streamed ? 0 : e.size, 22);
  b.writeUInt16LE(e.nameBytes.length, 26);
  b.writeUInt16LE(0, 28);
  e.nameBytes.copy(b, LOCAL_HEADER);
  return b;
}

function dataDescriptor(e: Finished): Buffer {
  const wide = e.size > MAX_32 || e.stored > MAX_32;
  const b = Buffer.alloc(wide ? 24 : 16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(e.crc, 4);
  if (wide) {
    b.writeBigUInt64LE(BigInt(e.stored), 8);
    b.writeBigUInt64LE(BigInt(e.size), 16);
  } else {
    b.writeUInt32LE(e.stored, 8);
    b.writeUInt32LE(e.size, 12);
  }
  return b;
}

function centralRecord(e: Finished, b: Buffer, at: number): void {
  const zip64 = needsZip64(e);
  const { date, time } = dosDateTime(e.mtime);
  const n = e.nameBytes.length;
  b.writeUInt32LE(0x02014b50, at);
  b.writeUInt16LE(VERSION_MADE_BY, at + 4);
  b.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_UTF8, at + 6);
  b.writeUInt16LE(flagsOf(e), at + 8);
  b.writeUInt16LE(e.compress ? 8 : 0, at + 10);
  b.writeUInt16LE(time, at + 12);
  b.writeUInt16LE(date, at + 14);
  b.writeUInt32LE(e.crc, at + 16);
  b.writeUInt32LE(zip64 ? 0xffffffff : e.stored, at + 20);
  b.writeUInt32LE(zip64 ? 0xffffffff : e.size, at + 24);
  b.writeUInt16LE(n, at + 28);
  b.writeUInt16LE(UNIX_TIME_EXTRA + (zip64 ? ZIP64_EXTRA : 0), at + 30);
  b.writeUInt16LE(0, at + 32); // comment length
  b.writeUInt16LE(0, at + 34); // disk
  b.writeUInt16LE(0, at + 36); // internal attributes
  b.writeUInt32LE((FILE_MODE << 16) >>> 0, at + 38);
  b.writeUInt32LE(zip64 ? 0xffffffff : e.offset, at + 42);
  e.nameBytes.copy(b, at + CENTRAL_RECORD);
  let x = at + CENTRAL_RECORD + n;
  // Info-ZIP "UT" extra field: the modification time in UTC seconds (flags: mtime, atime as Info-ZIP sets them).
  b.writeUInt16LE(0x5455, x);
  b.writeUInt16LE(UNIX_TIME_EXTRA - 4, x + 2);
  b.writeUInt8(0b11, x + 4);
  b.writeInt32LE(Math.max(-0x80000000, Math.min(0x7fffffff, Math.floor(e.mtime.getTime() / 1000))), x + 5);
  x += UNIX_TIME_EXTRA;
  if (zip64) {
    b.writeUInt16LE(0x0001, x);
    b.writeUInt16LE(ZIP64_EXTRA - 4, x + 2);
    b.writeBigUInt64LE(BigInt(e.size), x + 4);
    b.writeBigUInt64LE(BigInt(e.stored), x + 12);
    b.writeBigUInt64LE(BigInt(e.offset), x + 20);
  }
}

/** ZIP64 end record and locator when the count or a size needs them, then the end record. */
function endRecords(count: number, size: number, start: number, end: number): Buffer {
  const zip64 = count >= 0xffff || size >= 0xffffffff || start >= 0xffffffff;
  const b = Buffer.alloc((zip64 ? ZIP64_END + ZIP64_LOCATOR : 0) + END);
  let at = 0;
  if (zip64) {
    b.writeUInt32LE(0x06064b50, 0);
    b.writeBigUInt64LE(BigInt(ZIP64_END - 12), 4);
    b.writeUInt16LE(VERSION_MADE_BY, 12);
    b.writeUInt16LE(VERSION_ZIP64, 14);
    b.writeUInt32LE(0, 16);
    b.writeUInt32LE(0, 20);
    b.writeBigUInt64LE(BigInt(count), 24);
    b.writeBigUInt64LE(BigInt(count), 32);
    b.writeBigUInt64LE(BigInt(size), 40);
    b.writeBigUInt64LE(BigInt(start), 48);
    b.writeUInt32LE(0x07064b50, 56);
    b.writeUInt32LE(0, 60);
    b.writeBigUInt64LE(BigInt(end), 64);
    b.writeUInt32LE(1, 72);
    at = ZIP64_END + ZIP64_LOCATOR;
  }
  b.writeUInt32LE(0x06054b50, at);
  b.writeUInt16LE(0, at + 4);
  b.writeUInt16LE(0, at + 6);
  b.writeUInt16LE(Math.min(count, 0xffff), at + 8);
  b.writeUInt16LE(Math.min(count, 0xffff), at + 10);
  b.writeUInt32LE(Math.min(size, 0xffffffff), at + 12);
  b.writeUInt32LE(Math.min(start, 0xffffffff), at + 16);
  b.writeUInt16LE(0, at + 20); // comment length
  return b;
}

/** DOS date and time in the server's zone (2-second steps), clamped to 1980–2107. */
const DOS_MIN = new Date(1980, 0, 1);
const DOS_MAX = new Date(2107, 11, 31, 23, 59, 58);
function dosDateTime(d: Date): { date: number; time: number } {
  const t = d < DOS_MIN ? DOS_MIN : d > DOS_MAX ? DOS_MAX : d;
  return {
    date: (t.getDate() & 0x1f) | (((t.getMonth() + 1) & 0xf) << 5) | (((t.getFullYear() - 1980) & 0x7f) << 9),
    time: Math.floor(t.getSeconds() / 2) | ((t.getMinutes() & 0x3f) << 5) | ((t.getHours() & 0x1f) << 11),
  };
}

/** The bytes of `source` as they are, counted as the entry's stored length. */
async function* storedAs(entry: Finished, source: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    entry.stored += chunk.length;
    yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  }
}
