#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built app, so the
// API serves them precompressed at the best ratio without spending CPU per request (DESIGN §9).
// A post-build step rather than a Vite plugin: vite-plugin-pwa writes sw.js in its own
// closeBundle hook, after every other plugin's bundle hooks, and sw.js must be compressed too.
// Node's zlib only: no dependency.
//
//   node scripts/compress-dist.mjs [distDir]   (run by `pnpm build` after `vite build`)
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

// Text formats of a Vite build. Images such as PNG are compressed already.
const TEXT = /\.(?:html|js|mjs|css|svg|json|webmanifest|map|txt|xml)$/i;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else if (TEXT.test(entry.name)) yield p;
  }
}

/** Writes `file.ext` only when it is smaller than the original; removes a stale copy otherwise. */
function keepIfSmaller(file, ext, data, original) {
  const target = file + ext;
  if (data.length < original.length) fs.writeFileSync(target, data);
  else fs.rmSync(target, { force: true });
  return data.length < original.length ? data.length : original.length;
}

export async function compressDist(dist) {
  const totals = { files: 0, identity: 0, br: 0, gzip: 0 };
  await Promise.all(
    [...files(dist)].map(async (file) => {
      const original = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(original, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        }),
        gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      totals.files++;
      totals.identity += original.length;
      totals.br += keepIfSmaller(file, ".br", br, original);
      totals.gzip += keepIfSmaller(file, ".gz", gz, original);
    }),
  );
  return totals;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "..", "dist"));
  const t = await compressDist(dist);
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`compressed ${t.files} text files: ${kb(t.identity)} → brotli ${kb(t.br)}, gzip ${kb(t.gzip)}`);
}
