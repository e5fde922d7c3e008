#!/usr/bin/env node
// What the signed-in main screen does on the main thread while it starts, on a CPU
// slowed 4× (CDP): every long task (> 50 ms) from navigation to a quiet page, and the functions
// that took the time, by script and by name (a CPU profile of the same load). Prints tables;
// asserts nothing.
//
//   node web/scripts/main-screen-trace.mjs [baseUrl]
//
// Without baseUrl it starts the compiled API (api/dist, built when stale) serving web/dist (build
// it first: `pnpm --filter @vj/web build`) on PGlite. The account gets a collection with NOTES (20)
// transcribed notes today; the page is signed in once, the service worker installed, then
// reloaded RUNS (3) times with the profile running; the middle run (by total long-task time) is
// printed. With a build made by `vite build --sourcemap` the functions are named by their source
// (source-map-js, which Vite itself uses). It also prints when the first note was on screen and
// which scripts came before and after it, and the self time by package as the median of every run.
// Environment: RUNS, CPU_SLOWDOWN (4), CHROMIUM_PATH,
// PROFILE_OUT (a file to keep the middle run's CPU profile in; DevTools opens it as .cpuprofile).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApiIfStale, startCompiledApi } from "./compiled-api.mjs";
import { packageOf, sourceNames } from "./source-names.mjs";
import { json, launchBench, newAccount, openJournal, printTable } from "./bench-browser.mjs";

const web = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.RUNS ?? 3);
const SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);
const NOTES = Number(process.env.NOTES ?? 20);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "vj-main-trace-"));

async function seedNotes(base, account) {
  const wav = fs.readFileSync(path.resolve(web, "../api/test/fixtures/note.webm"));
  for (let i = 0; i < NOTES; i++) {
    const form = new FormData();
    form.set("audio", new Blob([wav], { type: "audio/webm" }), "n.webm");
    form.set("title", `Morning thought ${i + 1}`);
    form.set("duration", "30");
    form.set("createdAt", new Date(Date.now() - i * 60_000).toISOString());
    form.set("domainId", account.collection.id);
    const note = await json(await fetch(`${base}/api/voice-notes`, { method: "POST", headers: { authorization: `Bearer ${account.token}` }, body: form }));
    await json(
      await fetch(`${base}/api/voice-notes/${note.id}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${account.token}`, "content-type": "application/json" },
        body: JSON.stringify({ transcription: "I walked along the harbour and thought about the week ahead, the people I will see and what I want to finish. ".repeat(3) }),
      }),
    );
  }
}

const { original } = sourceNames(path.join(web, "dist"));

/** Self time by function, by script and by package in a CPU profile, between two timestamps (µs). */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFn = new Map();
  const byScript = new Map();
  const byPackage = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const n = byId.get(profile.samples[i]);
    const f = n.callFrame;
    if (["(idle)", "(program)", "(garbage collector)"].includes(f.functionName) && !f.url) {
      byScript.set(f.functionName, (byScript.get(f.functionName) ?? 0) + profile.timeDeltas[i]);
      continue;
    }
    const script = f.url ? new URL(f.url).pathname : "(native)";
    const mapped = original(script, f.lineNumber, f.columnNumber);
    const fn = `${f.functionName || "(anonymous)"} ${mapped ?? `${script}:${f.lineNumber + 1}:${f.columnNumber + 1}`}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + profile.timeDeltas[i]);
    byScript.set(script, (byScript.get(script) ?? 0) + profile.timeDeltas[i]);
    const pkg = packageOf(mapped) ?? script;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + profile.timeDeltas[i]);
  }
  return { byFn, byScript, byPackage };
}

async function traceOnce(page, context) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  // Nothing of Playwright's runs in the page while it is profiled (its locators would be
  // profiled too): a fixed wait, and the screen is checked after.
  await page.reload({ waitUntil: "load" });
  await page.waitForTimeout(6000);
  const { profile } = await cdp.send("Profiler.stop");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await page.getByText("Morning thought 1", { exact: true }).waitFor({ timeout: 1000 });
  const longTasks = await page.evaluate(() => window.__longTasks);
  const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null);
  // The scripts fetched before the first note was on screen, and those after it.
  const { firstNote, scripts } = await page.evaluate(() => ({
    firstNote: window.__firstNote ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((e) => e.name.endsWith(".js"))
      .map((e) => ({ name: new URL(e.name).pathname.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.js$/, ""), end: e.responseEnd, bytes: e.decodedBodySize })),
  }));
  await cdp.detach();
  return { longTasks, profile, fcp, firstNote, scripts };
}

async function main() {
  let base = process.argv[2];
  let api;
  if (!base) {
    if (!fs.existsSync(path.join(web, "dist", "index.html"))) throw new Error("web/dist is missing: run `pnpm --filter @vj/web build` first");
    await buildApiIfStale();
    api = await startCompiledApi({ TRANSCRIBE_ENGINE: "none", SUMMARY_ENGINE: "extractive" });
    base = api.baseUrl;
  }
  const account = await newAccount(base, "trace");
  await seedNotes(base, account);
  const { context, page, close } = await launchBench(work);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await openJournal(page, base, account);
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
      }).observe({ type: "longtask", buffered: true });
      new MutationObserver((_, observer) => {
        if (!document.body?.textContent.includes("Morning thought 1")) return;
        window.__firstNote = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await traceOnce(page, context));
    const total = (r) => r.longTasks.reduce((n, [, d]) => n + d, 0);
    const tbt = (r) => r.longTasks.reduce((n, [, d]) => n + Math.max(0, d - 50), 0);
    runs.sort((a, b) => total(a) - total(b));
    const mid = runs[Math.floor(runs.length / 2)];
    console.log(`\nSigned-in main screen, reload with the service worker, CPU ${SLOWDOWN}× slower; runs by long-task total: ${runs.map(total).join(", ")} ms (blocking beyond 50 ms: ${runs.map(tbt).join(", ")} ms); FCP of the middle run ${Math.round(mid.fcp ?? NaN)} ms`);
    printTable("Long tasks of the middle run", [["start (ms)", "duration (ms)"], ...mid.longTasks.map(([s, d]) => [s, d])]);
    const before = mid.scripts.filter((s) => s.end < mid.firstNote);
    const kB = (xs) => `${(xs.reduce((n, s) => n + s.bytes, 0) / 1024).toFixed(0)} kB`;
    console.log(`\nThe first note on screen at ${Math.round(mid.firstNote)} ms (middle run): ${before.length} scripts fetched before it, ${kB(before)} decoded; after it: ${mid.scripts.filter((s) => s.end >= mid.firstNote).map((s) => s.name).join(", ") || "none"}`);
    if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(mid.profile));
    const { byFn, byScript, byPackage } = selfTimes(mid.profile);
    const ms = (us) => `${(us / 1000).toFixed(0)} ms`;
    printTable("Self time by script (profile of the middle run)", [["script", "self"], ...[...byScript].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => [k, ms(v)])]);
    // By package over every run (one run's profile moves by tens of ms on a busy host): the median.
    const perRun = runs.map((r) => selfTimes(r.profile).byPackage);
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const packages = new Set(perRun.flatMap((m) => [...m.keys()]));
    const medians = [...packages].map((k) => [k, median(perRun.map((m) => m.get(k) ?? 0)), byPackage.get(k) ?? 0]);
    printTable(`Self time by package (built with --sourcemap), median of ${runs.length} runs`, [["package", "median", "middle run"], ...medians.sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v, m]) => [k, ms(v), ms(m)])]);
    printTable("Self time by function", [["function", "self"], ...[...byFn].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, v]) => [k.slice(0, 110), ms(v)])]);
  } finally {
    await close();
    await api?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
