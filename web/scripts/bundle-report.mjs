#!/usr/bin/env node
// First-load report of the built app, read from the build itself: the JavaScript a
// first visit downloads is dist/index.html's entry script plus the chunks it preloads
// (<link rel="modulepreload">); every other chunk loads on demand. Sizes as Vite reports them
// (gzip) and as the API sends them (the build's .br copies). Then what a prerendered visitor page
// loads on first use before it is interactive: the visitor island's entry and the chunks its inline
// script preloads (goal: ≤ 100 kB gzip). A table, not a test.
//
//   pnpm --filter @vj/web build && node web/scripts/bundle-report.mjs [distDir] [--budget-kb=150]
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const args = process.argv.slice(2);
const dist = path.resolve(args.find((a) => !a.startsWith("--")) ?? path.join(import.meta.dirname, "..", "dist"));
const budgetKb = Number(args.find((a) => a.startsWith("--budget-kb="))?.split("=")[1] ?? 150);
const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");

const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const entry = tags.filter((t) => t.startsWith("<script") && /type="module"/.test(t)).map((t) => attr(t, "src"));
const preloaded = tags.filter((t) => /rel="modulepreload"/.test(t)).map((t) => attr(t, "href"));
const css = tags.filter((t) => /rel="stylesheet"/.test(t)).map((t) => attr(t, "href"));
const firstLoad = new Set([...entry, ...preloaded].filter(Boolean).map((u) => u.replace(/^\//, "")));

function sizes(rel) {
  const file = path.join(dist, rel);
  const raw = fs.readFileSync(file);
  const br = fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : null;
  return { raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length, br };
}
const kB = (n) => (n === null ? "-" : (n / 1000).toFixed(1)); // kB like Vite's report

const allJs = fs.readdirSync(path.join(dist, "assets")).filter((f) => f.endsWith(".js")).map((f) => `assets/${f}`);
const rows = [["chunk", "loads", "raw kB", "gzip kB", "brotli kB"]];
const totals = { first: { raw: 0, gzip: 0, br: 0 }, lazy: { raw: 0, gzip: 0, br: 0 } };
for (const rel of [...allJs].sort((a, b) => Number(firstLoad.has(b)) - Number(firstLoad.has(a)) || sizes(b).gzip - sizes(a).gzip)) {
  const s = sizes(rel);
  const t = firstLoad.has(rel) ? totals.first : totals.lazy;
  t.raw += s.raw;
  t.gzip += s.gzip;
  t.br = s.br === null || t.br === null ? null : t.br + s.br; // "-" until the build's .br copies exist
  rows.push([rel, firstLoad.has(rel) ? (entry.includes(`/${rel}`) ? "entry" : "preload") : "on demand", kB(s.raw), kB(s.gzip), kB(s.br)]);
}
rows.push(["first-load JS (entry + preloaded)", "", kB(totals.first.raw), kB(totals.first.gzip), kB(totals.first.br)]);
rows.push(["JS loaded on demand", "", kB(totals.lazy.raw), kB(totals.lazy.gzip), kB(totals.lazy.br)]);
for (const rel of css.filter(Boolean)) {
  const s = sizes(rel.replace(/^\//, ""));
  rows.push([`${rel.replace(/^\//, "")} (CSS, first load)`, "", kB(s.raw), kB(s.gzip), kB(s.br)]);
}

const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
for (const [n, r] of rows.entries()) {
  console.log(r.map((c, i) => (i === 0 || i === 1 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  "));
  if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
}
const verdict = totals.first.gzip / 1000 <= budgetKb ? "within" : "over";
console.log(`\nfirst-load JS ${kB(totals.first.gzip)} kB gzip: ${verdict} the ${budgetKb} kB budget`);

// The visitor island, as the sign-in page's inline script starts it (web/scripts/prerender-pages.mjs):
// `v=function(){…;["/assets/…",…].forEach(…);import("/assets/visitor-….js")}`.
const loginPage = path.join(dist, "prerendered", "auth", "login", "index.html");
const island = fs.existsSync(loginPage) ? /v=function\(\)\{v=function\(\)\{\};(\[[^\]]*\])\.forEach[\s\S]*?import\("([^"]+)"\)/.exec(fs.readFileSync(loginPage, "utf8")) : null;
if (island) {
  const files = [island[2], ...JSON.parse(island[1])].map((u) => u.replace(/^\//, ""));
  const t = files.map(sizes).reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, br: s.br === null || a.br === null ? null : a.br + s.br }), { raw: 0, gzip: 0, br: 0 });
  console.log(`visitor pages before interactive (the island: ${files.length} files): ${kB(t.raw)} kB raw, ${kB(t.gzip)} kB gzip, ${kB(t.br)} kB brotli: ${t.gzip <= 100_000 ? "within" : "over"} the 100 kB goal`);
} else {
  console.log("visitor pages: no visitor island in this build");
}

// zod out of the signed-in start: the app's first load and the chunks its signed-in
// start loads before the first screen (the outbox's start, the main screen's route) must not carry
// it; the answers' schemas come in a chunk of their own. zod names its classes as it makes them
// (`$ZodType`, quoted as the minifier leaves it); the chunk that does carry zod is named beside.
const start = [...firstLoad, ...allJs.filter((rel) => /^assets\/(outbox|signed-in)-/.test(rel))];
const carriesZod = (rel) => /["'`]\$ZodType["'`]/.test(fs.readFileSync(path.join(dist, rel), "utf8"));
const withZod = start.filter(carriesZod);
const zodChunks = allJs.filter(carriesZod);
console.log(`zod in the signed-in start (${start.length} chunks): ${withZod.length ? withZod.join(", ") : "none"}; zod is in ${zodChunks.join(", ") || "no chunk"}`);
