import path from "node:path";
import type { Config } from "../config.js";
import type { BlobStore } from "./blob-store.js";
import { createFsBlobStore } from "./fs-blob-store.js";
import type { S3Settings } from "./s3-blob-store.js";

export type { BlobStore, SweepResult, TempBlob } from "./blob-store.js";

type StorageConfig = Pick<
  Config,
  "DATA_DIR" | "S3_ENDPOINT" | "S3_REGION" | "S3_BUCKET" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE"
>;

/** The S3 settings when S3_BUCKET is set (config.ts has checked the rest), else null. */
export function s3Settings(config: StorageConfig): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION ?? "us-east-1",
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** The blob store the configuration asks for: an S3-compatible bucket, or files under DATA_DIR/audio. */
export function createBlobStore(config: StorageConfig): BlobStore {
  const s3 = s3Settings(config);
  return s3 ? lazyS3BlobStore(s3) : createFsBlobStore(path.join(config.DATA_DIR, "audio"));
}

/**
 * The S3 store, its SDK (about 0.2 s to load) loaded by prepare() — which the server awaits
 * before it listens — so the embedded default starts without it.
 */
function lazyS3BlobStore(settings: S3Settings): BlobStore {
  let store: BlobStore | undefined;
  let loading: Promise<BlobStore> | undefined;
  const load = () => (loading ??= import("./s3-blob-store.js").then((m) => (store = m.createS3BlobStore(settings))));
  const loaded = () => {
    if (!store) throw new Error("The S3 blob store was used before prepare()");
    return store;
  };
  return {
    prepare: async () => (await load()).prepare(),
    createTemp: () => loaded().createTemp(),
    open: async (key, range) => (await load()).open(key, range),
    size: async (key) => (await load()).size(key),
    delete: async (key) => (await load()).delete(key),
    deletePrefix: async (prefix) => (await load()).deletePrefix(prefix),
    withLocalFile: async (key, use) => (await load()).withLocalFile(key, use),
    sweep: async (before, claimed) => (await load()).sweep(before, claimed),
  };
}

/** What start-up logs and /api/health say about where audio lives (never credentials). */
export function describeBlobStore(config: StorageConfig): string {
  const s3 = s3Settings(config);
  return s3 ? `s3 (bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ""})` : "files (DATA_DIR/audio)";
}
