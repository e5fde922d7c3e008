import type { Readable, Writable } from "node:stream";

/**
 * Where recordings live (DESIGN §2: files under DATA_DIR/audio now, S3-compatible storage later).
 * Keys are `{userId}/{uuid}{ext}`, so one user's blobs share a prefix.
 */
export interface BlobStore {
  /** A temporary blob to stream into; nothing is visible under a key until `commit`. */
  createTemp(): TempBlob;
  /** The blob's bytes, optionally a [start, end] inclusive slice; null when there is no such blob. */
  open(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number } | null>;
  size(key: string): Promise<number | null>;
  /** Deleting a missing blob is not an error. */
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /** A path on local disk for tools that need one (ffmpeg, pocketsphinx). */
  localPath(key: string): Promise<string>;
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
