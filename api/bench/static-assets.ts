/**
 * Web-asset benchmark (not a test): every file of the built app (web/dist) fetched
 * from the compiled server as a browser asks for it (Accept-Encoding: gzip, deflate, br, zstd),
 * then with gzip only and with no encoding; bytes on the wire per file type beside the plain
 * files, and the time for the whole set beside a plain file copy of it.
 *
 *   pnpm --filter @vj/web build && cd api && npx tsx bench/static-assets.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { apiDir, httpGet, kb, machineNote, printTable, startCompiledApi } from "./support.js";

const dist = path.resolve(apiDir, "../web/dist");

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else if (!/\.(br|gz)$/.test(entry.name)) yield p;
  }
}

async function main() {
  if (!fs.existsSync(path.join(dist, "index.html"))) throw new Error("web/dist is missing: run pnpm --filter @vj/web build");
  const files = [...walk(dist)];
  const api = await startCompiledApi({ WEB_DIST: dist, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "vj-bench-")) });
  try {
    type Row = { files: number; plain: number; br: number; gzip: number; encoded: number };
    const byType = new Map<string, Row>();
    const total: Row = { files: 0, plain: 0, br: 0, gzip: 0, encoded: 0 };
    const browser = { "accept-encoding": "gzip, deflate, br, zstd" };
    for (const file of files) {
      const url = `${api.url}/${path.relative(dist, file).split(path.sep).join("/")}`;
      const [br, gz, plain] = [await httpGet(url, browser), await httpGet(url, { "accept-encoding": "gzip" }), await httpGet(url)];
      const type = path.extname(file).slice(1) || "(none)";
      const row = byType.get(type) ?? { files: 0, plain: 0, br: 0, gzip: 0, encoded: 0 };
      for (const r of [row, total]) {
        r.files++;
        r.plain += plain.bytes;
        r.br += br.bytes;
        r.gzip += gz.bytes;
        if (br.headers["content-encoding"]) r.encoded++;
      }
      byType.set(type, row);
    }
    const rows: (string | number)[][] = [["type", "files", "sent compressed", "plain", "brotli", "gzip", "brotli saves"]];
    for (const [type, r] of [...byType.entries(), ["all", total] as const]) {
      rows.push([type, r.files, `${r.encoded}/${r.files}`, kb(r.plain), kb(r.br), kb(r.gzip), `${(100 - (100 * r.br) / r.plain).toFixed(0)} %`]);
    }
    console.log(`\nweb/dist through the compiled API (Accept-Encoding of Chromium)\n${machineNote()}\n`);
    printTable(rows);

    // Time for the whole set, three times each, beside a plain copy of the same files.
    const timed = async (fn: () => Promise<void> | void) => {
      const t: number[] = [];
      for (let i = 0; i < 3; i++) {
        const s = performance.now();
        await fn();
        t.push(performance.now() - s);
      }
      return t.sort((a, b) => a - b).map((x) => `${x.toFixed(1)} ms`);
    };
    const copyTo = fs.mkdtempSync(path.join(os.tmpdir(), "vj-copy-"));
    const rows2: (string | number)[][] = [["all files, sequential", "min", "median", "max"]];
    rows2.push(["GET through the API, brotli", ...(await timed(async () => { for (const f of files) await httpGet(`${api.url}/${path.relative(dist, f)}`, browser); }))]);
    rows2.push(["GET through the API, plain", ...(await timed(async () => { for (const f of files) await httpGet(`${api.url}/${path.relative(dist, f)}`); }))]);
    rows2.push(["reference: plain file copy", ...(await timed(() => { for (const f of files) fs.copyFileSync(f, path.join(copyTo, path.basename(f))); }))]);
    console.log("");
    printTable(rows2);
    fs.rmSync(copyTo, { recursive: true, force: true });
  } finally {
    await api.stop();
  }
}

await main();
