import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { PGliteOptions } from "@electric-sql/pglite";

/** PGlite's WebAssembly, compiled, and its file-system bundle: what `PGlite.create` would load itself. */
export interface PgliteAssets {
  wasmModule: Promise<WebAssembly.Module>;
  fsBundle: Promise<Blob>;
}

/**
 * Starts reading and compiling PGlite's files (8.9 MB of WebAssembly, 4.9 MB of data) at once.
 * V8 compiles WebAssembly on background threads, so main.ts calls this before it loads the
 * server's own modules (zod and kysely alone are 1.2 MB to compile): the compile overlaps that
 * instead of starting after it. Depends on nothing but Node, for that reason.
 */
export function loadPgliteAssets(): PgliteAssets {
  // The global's value is in TypeScript's DOM library only; Node has it all the same.
  const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;
  const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  const wasmModule = fs.promises.readFile(path.join(dist, "pglite.wasm")).then((bytes) => wasm.compile(bytes));
  // A Blob backed by the file: PGlite reads it once, into its own buffer. One made from a read
  // Buffer cost a copy into the Blob and a chunked copy back out (~40 ms of a start).
  const fsBundle = Promise.resolve().then(() => fs.openAsBlob(path.join(dist, "pglite.data")));
  // Awaited by openPglite, which falls back to PGlite's own loading when either failed.
  wasmModule.catch(() => undefined);
  fsBundle.catch(() => undefined);
  return { wasmModule, fsBundle };
}

/** The loaded assets as PGlite.create options, or none (PGlite loads its own) when a read or compile failed. */
export async function pgliteAssetOptions(assets: PgliteAssets | undefined): Promise<Pick<PGliteOptions, "pgliteWasmModule" | "fsBundle">> {
  if (!assets) return {};
  try {
    const [pgliteWasmModule, fsBundle] = await Promise.all([assets.wasmModule, assets.fsBundle]);
    return { pgliteWasmModule, fsBundle };
  } catch {
    return {};
  }
}
