#!/usr/bin/env node
// Lighthouse 12 (mobile, its default simulated throttling) of the built app: performance,
// accessibility and best-practices scores of the visitor pages and the signed-in main screen, in
// Debian's Chromium. A table, not a test; below it the failing accessibility and
// best-practices audits by id, with the first few nodes or console messages of each.
// Needs the app served by the API (e.g. `npm start`) and Lighthouse from npm (fetched by npx).
//
//   node web/scripts/lighthouse.mjs [baseUrl=http://127.0.0.1:3000]
//
// The signed-in page: the script signs up a fresh account through the built-in auth, gives it a
// collection with three transcribed notes, signs in through the login form in the same browser
// profile, notes where "/" then lands, and runs Lighthouse on the collection's slug page with
// --disable-storage-reset so the session stays. Visitor pages run first, each from empty storage.
// CHROMIUM_PATH overrides /usr/bin/chromium; LIGHTHOUSE overrides the npx package; LH_KEEP=dir
// keeps the JSON reports there, with each page's trace (LH_PROFILE=1: with a CPU profile in it);
// LH_VISITORS=0 runs the signed-in page only. LH_RUNS=n (default 3) runs each page n times and
// reports the run with the median performance score, as Lighthouse advises for a noisy machine (its simulated
// throttling scales the CPU time it observes, so other work on the machine moves TBT a lot); the
// "perf runs" column shows every run's score. LH_CPU=x sets the simulated CPU slowdown (Lighthouse's
// default 4): on a host faster than the one a goal was set on, 4 × this host's benchmarkIndex / that
// host's gives roughly what the slower host would score (how Lighthouse's docs calibrate it).
// LH_CORES=x holds the browser to x cores of CPU time in all (see cpuQuotaGroup): a slower host for
// every thread of the browser, not just the main thread's observed time; the benchmarkIndex printed
// is then the held browser's.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS } from "./chromium-flags.mjs";

const base = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const lighthouse = (process.env.LIGHTHOUSE ?? "lighthouse@12").split(" ");
const port = 9300 + Math.floor(Math.random() * 500);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "vj-lighthouse-"));

const CATEGORIES = ["performance", "accessibility", "best-practices"];

/** Audits of a category that count towards its score and did not pass, with a short reason each. */
function failingAudits(report, category) {
  const failing = [];
  for (const ref of report.categories[category].auditRefs) {
    const a = report.audits[ref.id];
    if (!a || a.score === null || a.score >= 1) continue;
    if (["notApplicable", "informative", "manual"].includes(a.scoreDisplayMode)) continue;
    const items = (a.details?.items ?? []).slice(0, 5).map((it) => {
      if (it.node) return it.node.selector ?? it.node.snippet;
      const parts = [it.source, it.description, it.url, it.scriptUrl, it.issueType, ...(it.subItems?.items ?? []).map((s) => s.error)].filter(Boolean);
      return parts.join(" ").slice(0, 200);
    });
    // Weight 0: shown by Lighthouse as a diagnostic but no part of the score.
    failing.push({ id: ref.id, score: a.score, unscored: ref.weight === 0, items });
  }
  return failing;
}

const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));

/** Runs a page RUNS times; the report with the median performance score, and every run's score. */
function medianRun(url, options) {
  const runs = Array.from({ length: RUNS }, () => runLighthouse(url, options));
  const sorted = [...runs].sort((a, b) => Number(a.perf) - Number(b.perf));
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], perfRuns: runs.map((r) => r.perf).join(" ") };
}

function runLighthouse(url, { keepStorage = false } = {}) {
  const out = path.join(work, `${Math.random().toString(36).slice(2)}.json`);
  const args = ["-y", ...lighthouse, url, `--port=${port}`, `--only-categories=${CATEGORIES.join(",")}`, "--output=json", `--output-path=${out}`, "--quiet"];
  if (keepStorage) args.push("--disable-storage-reset");
  if (process.env.LH_CPU) args.push(`--throttling.cpuSlowdownMultiplier=${Number(process.env.LH_CPU)}`);
  // LH_KEEP also keeps each page's trace (DevTools' Performance panel opens it).
  if (process.env.LH_KEEP) args.push("--save-assets");
  if (process.env.LH_PROFILE) args.push("--additional-trace-categories=disabled-by-default-v8.cpu_profiler");
  // Lighthouse sometimes loses the trace of a load (NO_NAVSTART, "run Lighthouse again"): once more, then give up.
  let r;
  for (let attempt = 1; attempt <= 2; attempt++) {
    r = spawnSync("npx", args, { stdio: ["ignore", "inherit", "inherit"] });
    if (r.status === 0) break;
    console.error(`lighthouse failed on ${url} (exit ${r.status})${attempt === 1 ? ", running it again" : ""}`);
  }
  if (r.status !== 0) throw new Error(`lighthouse failed on ${url} (exit ${r.status})`);
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  if (process.env.LH_KEEP) {
    fs.mkdirSync(process.env.LH_KEEP, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, "_") || "root";
    fs.copyFileSync(out, path.join(process.env.LH_KEEP, `${name}.json`));
    const trace = out.replace(/\.json$/, "-0.trace.json");
    if (fs.existsSync(trace)) fs.copyFileSync(trace, path.join(process.env.LH_KEEP, `${name}.trace.json`));
  }
  const audit = (id) => report.audits[id];
  const secs = (id) => `${((audit(id)?.numericValue ?? Number.NaN) / 1000).toFixed(1)} s`;
  const score = (c) => report.categories[c]?.score?.toFixed(2) ?? "-";
  benchmarkIndexes.push(report.environment?.benchmarkIndex ?? Number.NaN);
  return {
    perf: score("performance"),
    a11y: score("accessibility"),
    bp: score("best-practices"),
    fcp: secs("first-contentful-paint"),
    lcp: secs("largest-contentful-paint"),
    tbt: `${Math.round(audit("total-blocking-time")?.numericValue ?? 0)} ms`,
    cls: (audit("cumulative-layout-shift")?.numericValue ?? 0).toFixed(3),
    compression: `${Math.round((audit("uses-text-compression")?.details?.overallSavingsBytes ?? 0) / 1024)} KiB`,
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
    failing: { accessibility: failingAudits(report, "accessibility"), "best-practices": failingAudits(report, "best-practices") },
    // Script evaluation and parsing per file, the biggest first: where the blocking time comes from.
    bootup: [...(audit("bootup-time")?.details?.items ?? [])]
      .sort((a, b) => b.scripting - a.scripting)
      .slice(0, 3)
      .map((it) => `${String(it.url).replace(/^https?:\/\/[^/]+/, "")} ${Math.round(it.scripting)} ms`),
    runtimeError: report.runtimeError?.message,
    warnings: report.runWarnings ?? [],
  };
}

async function json(res) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text);
}

/**
 * LH_CORES=x: the browser gets x cores' worth of CPU time in all (a Linux CPU cgroup, 2 ms
 * periods, so a task is slowed evenly rather than stopped for long stretches), with its compile,
 * layout and raster threads sharing it, as on a slower phone-class host: unlike LH_CPU, which only
 * multiplies the main thread's observed time, a background compile that the main thread waits for
 * slows too. Needs root and the cgroup v1 `cpu` controller, or cgroup v2 with `cpu` enabled.
 */
function cpuQuotaGroup(cores) {
  if (!(cores > 0)) throw new Error("LH_CORES must be a positive number of cores");
  const periodUs = 2000;
  const quotaUs = Math.max(1000, Math.round(cores * periodUs));
  const v1 = "/sys/fs/cgroup/cpu";
  const dir = fs.existsSync(path.join(v1, "cpu.cfs_quota_us")) ? path.join(v1, "vj-lighthouse") : "/sys/fs/cgroup/vj-lighthouse";
  try {
    fs.mkdirSync(dir, { recursive: true });
    if (dir.startsWith(v1)) {
      fs.writeFileSync(path.join(dir, "cpu.cfs_period_us"), String(periodUs));
      fs.writeFileSync(path.join(dir, "cpu.cfs_quota_us"), String(quotaUs));
    } else {
      fs.writeFileSync(path.join(dir, "cpu.max"), `${quotaUs} ${periodUs}`);
    }
  } catch (err) {
    throw new Error(`LH_CORES needs a writable CPU cgroup (root, cgroup v1 cpu or v2 with cpu enabled): ${err.message}`);
  }
  return { procs: path.join(dir, "cgroup.procs") };
}

// Chromium started here, not by Playwright: Playwright holds new tabs paused for itself, which
// stalls the tabs Lighthouse opens. Playwright only drives the sign-in, over CDP, then lets go.
const chromiumArgs = [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${path.join(work, "profile")}`, "about:blank"];
const cores = process.env.LH_CORES ? Number(process.env.LH_CORES) : null;
const cpuGroup = cores ? cpuQuotaGroup(cores) : null;
const browserProcess = cpuGroup
  ? // The shell joins the group and becomes Chromium: every process it starts is in the group too.
    spawn("/bin/sh", ["-c", `echo $$ > "$0" && exec "$@"`, cpuGroup.procs, chromiumPath, ...chromiumArgs], { stdio: "ignore", detached: true })
  : // Its own process group, so its helper processes end with it (they write the profile).
    spawn(chromiumPath, chromiumArgs, { stdio: "ignore", detached: true });
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
  } catch {
    if (i > 100) throw new Error("Chromium did not open its debugging port");
  }
  await new Promise((r) => setTimeout(r, 100));
}
/** Lighthouse's own measure of this host's CPU (higher is faster), one per run: the scores scale with it. */
const benchmarkIndexes = [];
const rows = [["page", "perf", "perf runs", "a11y", "best pr.", "FCP", "LCP", "TBT", "CLS", "uncompressed text (savings)", "landed on"]];
const failures = [];
const diagnostics = [];
const warnings = [];
const bootups = [];
function record(label, r) {
  rows.push([label, r.perf, r.perfRuns, r.a11y, r.bp, r.fcp, r.lcp, r.tbt, r.cls, r.compression, r.finalUrl.replace(base, "")]);
  for (const [category, audits] of Object.entries(r.failing)) {
    for (const a of audits) (a.unscored ? diagnostics : failures).push({ label, category, ...a });
  }
  bootups.push(`${label}: ${r.bootup.join(", ")}`);
  if (r.runtimeError) failures.push({ label, category: "runtime error", id: r.runtimeError, items: [] });
  for (const w of r.warnings) warnings.push(`${label}: ${w}`);
}
let signedInHome = "";
try {
  if (process.env.LH_VISITORS !== "0") for (const page of ["/", "/auth/login", "/auth/signup"]) record(`${page} (visitor)`, medianRun(`${base}${page}`));

  const email = `lighthouse-${Date.now()}@example.com`;
  const password = "lighthouse-password";
  const session = await json(
    await fetch(`${base}/auth/v1/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) }),
  );
  const collection = await json(
    await fetch(`${base}/api/domains`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Journal", primaryColor: "#4f46e5", isDefault: true, userId: "" }),
    }),
  );
  // A few notes with transcripts, so the main screen shows note cards rather than its empty state.
  const webm = fs.readFileSync(new URL("../../api/test/fixtures/note.webm", import.meta.url));
  for (const [i, text] of ["Walked along the river before work.", "Call the dentist about Thursday.", "Idea: a weekly review every Sunday."].entries()) {
    const form = new FormData();
    form.set("audio", new Blob([webm], { type: "audio/webm" }), "recording.webm");
    form.set("title", `Note ${i + 1}`);
    form.set("duration", "1");
    form.set("createdAt", new Date(Date.now() - i * 3_600_000).toISOString());
    form.set("domainId", collection.id);
    const note = await json(await fetch(`${base}/api/voice-notes`, { method: "POST", headers: { authorization: `Bearer ${session.access_token}` }, body: form }));
    await json(
      await fetch(`${base}/api/voice-notes/${note.id}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${session.access_token}`, "content-type": "application/json" },
        body: JSON.stringify({ transcription: text }),
      }),
    );
  }
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${base}/auth/login`);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').first().fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"), { timeout: 30_000 });
  // Where a signed-in user opening "/" ends up (the home collection's slug page).
  await page.goto(`${base}/`);
  await page.waitForURL((u) => u.pathname !== "/", { timeout: 30_000 });
  signedInHome = new URL(page.url()).pathname;
  await page.getByText("Walked along the river before work.").first().waitFor({ timeout: 30_000 });
  await page.close();
  await browser.close(); // disconnects; the browser and its profile stay for Lighthouse
  record(`/${collection.slug} (signed in, main screen)`, medianRun(`${base}/${collection.slug}`, { keepStorage: true }));
} finally {
  if (browserProcess.exitCode === null) {
    const exited = new Promise((r) => browserProcess.once("exit", r));
    process.kill(-browserProcess.pid, "SIGTERM");
    await exited;
  }
  // Chromium's helper processes can still be writing the profile as the browser exits: a delete
  // that meets a directory filling up again is retried, and a profile that stays is reported, not
  // allowed to end the run without its table.
  try {
    fs.rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (error) {
    console.warn(`Could not delete ${work}: ${error.code ?? error}`);
  }
}

// The host's cost of first touching new memory, which Lighthouse's benchmarkIndex (a loop in a warm
// process) does not see and every new browser process pays: 1–2 s per GiB on some hosts here, 3.6–4.1 s
// on others, and there every figure above is slower and noisier than the index suggests.
const touch = spawnSync(process.execPath, [
  "-e",
  "const t=process.hrtime.bigint();const b=Buffer.allocUnsafe(2**30);b.fill(1);console.log(Number(process.hrtime.bigint()-t)/1e9)",
]);
const touchSeconds = touch.status === 0 ? Number(String(touch.stdout).trim()) : Number.NaN;

const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
const last = rows[0].length - 1;
const sortedIndexes = [...benchmarkIndexes].sort((a, b) => a - b);
console.log(
  `\nLighthouse 12 (mobile, simulated throttling, CPU ${process.env.LH_CPU ? Number(process.env.LH_CPU) : 4}× slower${cores ? `; the browser held to ${cores} cores` : ""}), ${base}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}; ` +
    `host benchmarkIndex ${sortedIndexes[Math.floor(sortedIndexes.length / 2)]?.toFixed(0) ?? "n/a"} (median of ${sortedIndexes.length} runs, ${sortedIndexes[0]?.toFixed(0)}–${sortedIndexes.at(-1)?.toFixed(0)}); ` +
    `first touch of 1 GiB ${Number.isFinite(touchSeconds) ? `${touchSeconds.toFixed(2)} s` : "n/a"}\n`,
);
for (const [n, r] of rows.entries()) {
  console.log(r.map((c, i) => (i === 0 || i === last ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  "));
  if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
}
if (signedInHome) console.log(`\nA signed-in "/" lands on ${signedInHome}.`);
function list(title, entries) {
  if (!entries.length) return;
  console.log(`\n${title}`);
  for (const f of entries) {
    console.log(`  ${f.label}  ${f.category}  ${f.id}${typeof f.score === "number" ? ` (score ${f.score})` : ""}`);
    for (const item of f.items) if (item) console.log(`      ${item}`);
  }
}
if (!failures.length) console.log("\nNo failing accessibility or best-practices audit.");
list("Failing accessibility / best-practices audits:", failures);
list("Unscored diagnostics (weight 0, no effect on the score):", diagnostics);
console.log(`\nScript evaluation (bootup-time, simulated mobile CPU), top files:\n${bootups.map((b) => `  ${b}`).join("\n")}`);
if (warnings.length) console.log(`\nLighthouse warnings:\n${warnings.map((w) => `  ${w}`).join("\n")}`);
