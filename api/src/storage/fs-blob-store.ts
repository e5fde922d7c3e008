import crypto from "node:crypto";
import fs from "node:fs";
import { finished } from "node:stream/promises";
import path from "node:path";
import { assertBlobKey, STALE_TEMP_MS, type BlobStore, type TempBlob } from "./blob-store.js";

/**
 * Blobs as files under `root`. Uploads go to `root/.tmp` first and are renamed into place
 * (same filesystem, so the rename is atomic): a half-written file never sits under a key.
 */
export function createFsBlobStore(root: string, opts: { staleTempMs?: number } = {}): BlobStore {
  const tmpDir = path.join(root, ".tmp");
  const staleTempMs = opts.staleTempMs ?? STALE_TEMP_MS;
  const resolve = (key: string) => path.join(root, assertBlobKey(key));

  return {
    async prepare() {
      await fs.promises.mkdir(tmpDir, { recursive: true });
      // Another process sharing this folder may be writing a recent one: only old parts go.
      const cutoff = Date.now() - staleTempMs;
      for (const name of await fs.promises.readdir(tmpDir)) {
        const file = path.join(tmpDir, name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (stat && stat.mtimeMs <= cutoff) await fs.promises.rm(file, { force: true });
      }
    },

    createTemp(): TempBlob {
      fs.mkdirSync(tmpDir, { recursive: true });
      const file = path.join(tmpDir, `${crypto.randomUUID()}.part`);
      const stream = fs.createWriteStream(file, { flags: "wx" });
      let settled: Promise<void> | undefined;
      const done = () => (settled ??= finished(stream));
      let gone = false;
      return {
        stream,
        finished: done,
        async commit(key) {
          await done();
          const target = resolve(key);
          await fs.promises.mkdir(path.dirname(target), { recursive: true });
          await fs.promises.rename(file, target);
          gone = true;
        },
        async discard() {
          if (gone) return;
          gone = true;
          if (!stream.destroyed) stream.destroy();
          await done().catch(() => undefined);
          await fs.promises.rm(file, { force: true });
        },
      };
    },

    async open(key, range) {
      const file = resolve(key);
      let size: number;
      try {
        size = (await fs.promises.stat(file)).size;
      } catch {
        return null;
      }
      const stream = fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return { stream, size };
    },

    async size(key) {
      try {
        return (await fs.promises.stat(resolve(key))).size;
      } catch {
        return null;
      }
    },

    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },

    async deletePrefix(prefix) {
      await fs.promises.rm(resolve(prefix), { recursive: true, force: true });
    },

    async withLocalFile(key, use) {
      const file = resolve(key);
      if (!(await fs.promises.access(file).then(() => true, () => false))) return null;
      return use(file);
    },
  };
}
