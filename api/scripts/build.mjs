#!/usr/bin/env node
// Compiles the API to plain JavaScript for production (DESIGN §10): api/dist/main.js, one ES
// module bundle with a source map. @vj/core is TypeScript source shared with the web, so it is
// bundled in, with its own libraries (date-fns), and so are the API's pure ES-module
// dependencies (BUNDLED below); the rest load from node_modules as usual.
// esbuild because it needs no configuration beyond this file and compiles the API in well
// under a second (tsc would also need @vj/core compiled as a package of its own).
//
//   node scripts/build.mjs             build
//   node scripts/build.mjs --if-stale  build only when a source is newer than dist/main.js
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const api = path.resolve(import.meta.dirname, "..");
export const entry = path.join(api, "src", "main.ts");
export const outfile = path.join(api, "dist", "main.js");
/** `npm run backup` / `npm run restore` (root package.json): a second entry beside main.js. */
export const backupEntry = path.join(api, "src", "backup-cli.ts");
// Everything the bundle is made of: a change in any of them makes dist stale.
const SOURCES = [
  path.join(api, "src"),
  path.join(api, "package.json"),
  path.join(api, "scripts", "build.mjs"),
  path.join(api, "..", "packages", "core", "src"),
  path.join(api, "..", "packages", "core", "package.json"),
];

// Pure ES-module libraries go into the bundle too: Node then reads one file instead of hundreds
// (kysely alone is ~400 modules), which is most of a cold start. The others stay in
// node_modules: native code (argon2), files found at run time (PGlite's wasm, pino's worker,
// the wink model) and CommonJS (pg, busboy), which esbuild would wrap in a require shim.
const BUNDLED = new Set(["hono", "@hono/node-server", "zod", "kysely", "jose", "openai", "kysely-pglite-dialect"]);

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/main.js is missing or older than anything it is built from. */
export function apiBuildIsStale() {
  const built = fs.statSync(outfile, { throwIfNoEntry: false });
  return !built || built.mtimeMs < Math.max(...SOURCES.map(newestMtime));
}

export async function buildApi() {
  const { build } = await import("esbuild");
  const pkg = JSON.parse(fs.readFileSync(path.join(api, "package.json"), "utf8"));
  const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith("@vj/") && !BUNDLED.has(name));
  const dist = path.dirname(outfile);
  // Built beside dist (the same depth under api/, so the source maps' paths hold), then moved in.
  const staging = `${dist}.staging-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const result = await build({
    entryPoints: [entry, backupEntry],
    // Split at dynamic imports: what only some set-ups need (the S3 SDK, PGlite) loads on use,
    // and main.js starts opening the database while the server's modules load.
    outdir: staging,
    entryNames: "[name]",
    // Beside main.js, not in a folder of their own: every module of the bundle is then one level
    // under api/, as in src/, and config.ts's default WEB_DIST (../../web/dist from its own file)
    // holds in whichever chunk it lands. In chunks/ it pointed at api/web/dist once config.ts
    // moved out of main.js: npm start served no web app.
    chunkNames: "[name]-[hash]",
    splitting: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: "linked",
    // Stack traces point at api/src and node_modules files; the sources need not be copied in.
    sourcesContent: false,
    // Subpaths (pino/file, hono/utils/mime) are external like their packages.
    external: external.flatMap((name) => [name, `${name}/*`]),
    logLevel: "warning",
    metafile: true,
  });
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  // File by file, each rename atomic: a server already running from dist that loads a chunk
  // later (a build while the browser journeys' servers run) finds the old file or the new one,
  // never none. What the new build no longer has goes after.
  fs.mkdirSync(dist, { recursive: true });
  const made = new Set(fs.readdirSync(staging));
  for (const name of made) fs.renameSync(path.join(staging, name), path.join(dist, name));
  for (const name of fs.readdirSync(dist)) if (!made.has(name)) fs.rmSync(path.join(dist, name), { recursive: true, force: true });
  fs.rmSync(staging, { recursive: true, force: true });
  return { bytes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes("--if-stale") && !apiBuildIsStale()) process.exit(0);
  const started = performance.now();
  const { bytes } = await buildApi();
  console.log(`api built: ${path.relative(process.cwd(), outfile)} (${(bytes / 1024).toFixed(0)} KiB with its map) in ${Math.round(performance.now() - started)} ms`);
}
