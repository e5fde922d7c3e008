import crypto from "node:crypto";
import fs from "node:fs";
import { finished } from "node:stream/promises";
import path from "node:path";
import { assertBlobKey, isBlobKey, SWEEP_BATCH, type BlobStore, type TempBlob } from "./blob-store.js";

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await fs.promises.readdir(dir);
  } catch {
    return [];
  }
}

/**
 * Blobs as files under `root`. Uploads go to `root/.tmp` first and are renamed into place
 * (same filesystem, so the rename is atomic): a half-written file never sits under a key.
 */
export function createFsBlobStore(root: string): BlobStore {
  const tmpDir = path.join(root, ".tmp");
  const resolve = (key: string) => path.join(root, assertBlobKey(key));

  return {
    async prepare() {
      await fs.promises.mkdir(tmpDir, { recursive: true });
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

    async sweep(before, claimed) {
      const result = { temporaries: 0, orphans: 0 };
      const stale = async (file: string) => {
        try {
          return (await fs.promises.stat(file)).mtimeMs < before.getTime();
        } catch {
          return false; // gone meanwhile (committed or discarded)
        }
      };
      for (const name of await readdirOrEmpty(tmpDir)) {
        const file = path.join(tmpDir, name);
        if (await stale(file)) {
          await fs.promises.rm(file, { force: true });
          result.temporaries++;
        }
      }

      let batch: string[] = [];
      const settle = async () => {
        const kept = await claimed(batch);
        for (const key of batch) {
          if (kept.has(key)) continue;
          await fs.promises.rm(resolve(key), { force: true });
          result.orphans++;
        }
        batch = [];
      };
      const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (key.startsWith(".tmp/") || !isBlobKey(key)) continue;
        if (!(await stale(path.join(root, key)))) continue;
        batch.push(key);
        if (batch.length >= SWEEP_BATCH) await settle();
      }
      if (batch.length) await settle();
      return result;
    },
  };
}
