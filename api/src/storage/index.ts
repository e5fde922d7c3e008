import path from "node:path";
import type { Config } from "../config.js";
import type { BlobStore } from "./blob-store.js";
import { createFsBlobStore } from "./fs-blob-store.js";

export type { BlobStore, SweepResult, TempBlob } from "./blob-store.js";

/** The blob store the configuration asks for: files under DATA_DIR/audio. */
export function createBlobStore(config: Pick<Config, "DATA_DIR">): BlobStore {
  return createFsBlobStore(path.join(config.DATA_DIR, "audio"));
}
