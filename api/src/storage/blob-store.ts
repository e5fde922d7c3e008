import type { Readable, Writable } from "node:stream";

/**
 * Where recordings live (DESIGN §2): files under DATA_DIR/audio, or S3-compatible object storage.
 * Keys are `{userId}/{uuid}{ext}`, so one user's blobs share a prefix.
 */
export interface BlobStore {
  /**
   * Called once at start, before any upload: makes sure the storage is there (folder, bucket).
   * What a crash left behind is `sweep`'s job.
   */
  prepare(): Promise<void>;
  /** A temporary blob to stream into; nothing is visible under a key until `commit`. */
  createTemp(): TempBlob;
  /** The blob's bytes, optionally a [start, end] inclusive slice; null when there is no such blob. */
  open(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number } | null>;
  size(key: string): Promise<number | null>;
  /** Deleting a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with `prefix/` (one user's audio). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Runs `use` with the blob as a file on local disk, for tools that need a path (ffmpeg,
   * pocketsphinx). The path is valid only while `use` runs (an object store downloads a copy
   * and removes it afterwards). Null, without calling `use`, when there is no such blob.
   */
  withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T | null>;
  /**
   * What a crash left behind: removes temporaries last written before `before`, and blobs
   * last written before `before` whose keys `claimed` does not return (an audio file whose
   * row was never written, or whose row went while its files were being deleted). `claimed`
   * gets the keys in batches and answers those that are still referenced.
   */
  sweep(before: Date, claimed: (keys: string[]) => Promise<Set<string>>): Promise<SweepResult>;
}

export interface SweepResult {
  temporaries: number;
  orphans: number;
}

export interface TempBlob {
  readonly stream: Writable;
  /** Resolves when everything written has reached storage. */
  finished(): Promise<void>;
  commit(key: string): Promise<void>;
  discard(): Promise<void>;
}


const SAFE_KEY = /^[A-Za-z0-9-]+(\/[A-Za-z0-9._-]+)*$/;

/** Keys asked about at once by a sweep: one query each, with a bounded parameter list. */
export const SWEEP_BATCH = 500;

export function isBlobKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split("/").some((part) => part === "." || part === "..");
}

/** Keys come from our own rows, but a key must never reach outside the store (`..`, absolute paths, odd characters). */
export function assertBlobKey(key: string): string {
  if (!isBlobKey(key)) {
    throw new Error(`Invalid blob key: ${key}`);
  }
  return key;
}
