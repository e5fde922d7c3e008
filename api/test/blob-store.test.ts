import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BlobStore, TempBlob } from "../src/storage/blob-store.js";
import { createFsBlobStore } from "../src/storage/fs-blob-store.js";
import { createS3BlobStore } from "../src/storage/s3-blob-store.js";
import { filesUnder } from "./support/audio.js";
import { startS3TestServer, type S3TestServer } from "./support/s3-server.js";

// One contract, two stores: files on disk and an S3-compatible bucket on a real S3 server.

interface StoreUnderTest {
  make(): BlobStore;
  /** Every key the storage holds, temporaries included. */
  keys(): Promise<string[]>;
}

let s3: S3TestServer;
const fsRoots: string[] = [];

const kinds: Record<string, () => Promise<StoreUnderTest>> = {
  files: async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "vj-blobs-"));
    fsRoots.push(root);
    return {
      make: () => createFsBlobStore(root),
      keys: async () => filesUnder(root).map((f) => path.relative(root, f).split(path.sep).join("/")).sort(),
    };
  },
  s3: async () => {
    const bucket = await s3.bucket();
    return { make: () => createS3BlobStore(bucket.settings), keys: bucket.keys };
  },
};

beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3.close();
  for (const root of fsRoots) fs.rmSync(root, { recursive: true, force: true });
});

async function write(temp: TempBlob, ...chunks: Buffer[]): Promise<void> {
  await pipeline(Readable.from(chunks), temp.stream);
  await temp.finished();
}

async function read(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

describe.each(Object.keys(kinds))("blob store: %s", (kind) => {
  let sut: StoreUnderTest;
  let store: BlobStore;

  beforeAll(async () => {
    sut = await kinds[kind]!();
    store = sut.make();
    await store.prepare();
  });

  const userKeys = async () => (await sut.keys()).filter((k) => !k.startsWith(".tmp/"));
  const clear = async () => {
    for (const k of await sut.keys()) if (!k.startsWith(".tmp/")) await store.delete(k);
  };

  test("a committed upload reads back whole, by size and by byte range", async () => {
    await clear();
    const temp = store.createTemp();
    await write(temp, Buffer.from("hello "), Buffer.from("voice "), Buffer.from("journal"));
    await temp.commit("user-1/a.webm");
    expect(await userKeys()).toEqual(["user-1/a.webm"]);
    expect(await sut.keys()).toEqual(["user-1/a.webm"]); // the temporary is gone
    expect(await store.size("user-1/a.webm")).toBe(19);
    const whole = (await store.open("user-1/a.webm"))!;
    expect(whole.size).toBe(19);
    expect((await read(whole.stream)).toString()).toBe("hello voice journal");
    const slice = (await store.open("user-1/a.webm", { start: 6, end: 10 }))!;
    expect(slice.size).toBe(19);
    expect((await read(slice.stream)).toString()).toBe("voice");
  });

  test("nothing is visible under a key until the upload is committed", async () => {
    await clear();
    const temp = store.createTemp();
    await write(temp, Buffer.from("almost"));
    expect(await userKeys()).toEqual([]);
    expect(await store.size("user-1/b.webm")).toBeNull();
    await temp.commit("user-1/b.webm");
    expect(await store.size("user-1/b.webm")).toBe(6);
    await temp.discard(); // after commit: a no-op that keeps the blob
    expect(await userKeys()).toEqual(["user-1/b.webm"]);
  });

  test("a discarded upload leaves nothing, whether it was cut off or already whole", async () => {
    await clear();
    const cut = store.createTemp();
    cut.stream.write(Buffer.alloc(64 * 1024, 1));
    await cut.discard();
    const whole = store.createTemp();
    await write(whole, Buffer.from("complete but unwanted"));
    await whole.discard();
    expect(await sut.keys()).toEqual([]);
  });

  test("a 12 MB upload (several S3 parts) arrives byte for byte", async () => {
    await clear();
    const chunks = Array.from({ length: 48 }, () => crypto.randomBytes(256 * 1024));
    const temp = store.createTemp();
    await write(temp, ...chunks);
    await temp.commit("user-2/big.ogg");
    const blob = (await store.open("user-2/big.ogg"))!;
    expect(blob.size).toBe(12 * 1024 * 1024);
    const digest = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");
    expect(digest(await read(blob.stream))).toBe(digest(Buffer.concat(chunks)));
    const tail = (await store.open("user-2/big.ogg", { start: 12 * 1024 * 1024 - 4, end: 12 * 1024 * 1024 - 1 }))!;
    expect(await read(tail.stream)).toEqual(chunks.at(-1)!.subarray(-4));
  });

  test("a missing blob opens as null, has no size, deletes quietly and has no local file", async () => {
    expect(await store.open("user-3/none.webm")).toBeNull();
    expect(await store.size("user-3/none.webm")).toBeNull();
    await expect(store.delete("user-3/none.webm")).resolves.toBeUndefined();
    await expect(store.deletePrefix("user-3")).resolves.toBeUndefined();
    let called = false;
    expect(await store.withLocalFile("user-3/none.webm", async () => (called = true))).toBeNull();
    expect(called).toBe(false);
  });

  test("delete removes one blob; deleting a user's prefix removes theirs and nobody else's", async () => {
    await clear();
    for (const key of ["user-a/1.webm", "user-a/2.webm", "user-ab/1.webm", "user-b/1.webm"]) {
      const temp = store.createTemp();
      await write(temp, Buffer.from(key));
      await temp.commit(key);
    }
    await store.delete("user-b/1.webm");
    expect(await userKeys()).toEqual(["user-a/1.webm", "user-a/2.webm", "user-ab/1.webm"]);
    await store.deletePrefix("user-a");
    expect(await userKeys()).toEqual(["user-ab/1.webm"]);
  });

  test("a blob is handed to local tools as a file with its bytes and its extension", async () => {
    await clear();
    const temp = store.createTemp();
    await write(temp, Buffer.from("RIFF....WAVE"));
    await temp.commit("user-4/n.wav");
    let seen = "";
    const result = await store.withLocalFile("user-4/n.wav", async (file) => {
      seen = file;
      expect(file.endsWith(".wav")).toBe(true);
      return fs.promises.readFile(file, "utf8");
    });
    expect(result).toBe("RIFF....WAVE");
    // The blob itself stays; a downloaded copy (object storage) does not outlive the call.
    expect(await store.size("user-4/n.wav")).toBe(12);
    if (kind === "s3") expect(fs.existsSync(seen)).toBe(false);
  });

  test("keys that would reach outside the store are refused", async () => {
    for (const key of ["../escape.webm", "user-5/../../escape", "/abs/path", "user-5/a b.webm"]) {
      await expect(store.open(key)).rejects.toThrow(/Invalid blob key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid blob key/);
    }
    const temp = store.createTemp();
    await write(temp, Buffer.from("x"));
    await expect(temp.commit("../escape.webm")).rejects.toThrow(/Invalid blob key/);
    await temp.discard();
  });

  test("the crash sweep removes an upload a crash left uncommitted, but not one that may still be in progress", async () => {
    await clear();
    const orphan = store.createTemp();
    await write(orphan, Buffer.from("the process died before commit"));
    // Never committed nor discarded, as after kill -9.
    const noneClaimed = async () => new Set<string>();
    expect(await store.sweep(new Date(Date.now() - 60_000), noneClaimed)).toEqual({ temporaries: 0, orphans: 0 });
    expect((await sut.keys()).filter((k) => k.startsWith(".tmp/"))).toHaveLength(1);
    expect(await store.sweep(new Date(Date.now() + 60_000), noneClaimed)).toEqual({ temporaries: 1, orphans: 0 });
    expect(await sut.keys()).toEqual([]);
  });

  test("the crash sweep removes a stale blob no row claims and keeps the claimed ones", async () => {
    await clear();
    for (const key of ["u1/kept.webm", "u1/orphan.webm"]) {
      const temp = store.createTemp();
      await write(temp, Buffer.from(key));
      await temp.commit(key);
    }
    const asked: string[] = [];
    const claimed = async (keys: string[]) => {
      asked.push(...keys);
      return new Set(keys.filter((k) => k === "u1/kept.webm"));
    };
    expect(await store.sweep(new Date(Date.now() + 60_000), claimed)).toEqual({ temporaries: 0, orphans: 1 });
    expect(asked.sort()).toEqual(["u1/kept.webm", "u1/orphan.webm"]);
    expect(await sut.keys()).toEqual(["u1/kept.webm"]);
  });
});
