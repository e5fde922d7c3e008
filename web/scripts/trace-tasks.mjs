#!/usr/bin/env node
// The main thread's long tasks in a trace that Lighthouse kept (`LH_KEEP=dir node
// web/scripts/lighthouse.mjs`: dir/<page>.trace.json), and what each was made of.
// Lighthouse's simulated throttling multiplies each task's observed time by its CPU slowdown (4×
// on mobile), and every task over 50 ms counts towards Total Blocking Time: so a task of the
// trace counts once it is over 12.5 ms here. With `LH_PROFILE=1` the trace also holds a CPU
// profile, and each task lists the functions that took its time (minified names: map them with
// a `vite build --sourcemap` build of the same sources: DIST=web/dist names them by source, and
// each task's time by package; BY=function then names each task's functions by source).
// Prints tables; asserts nothing.
//
//   node web/scripts/trace-tasks.mjs <trace.json> [minimum task ms=10] [slowdown=4]
import fs from "node:fs";
import { printTable } from "./bench-browser.mjs";
import { packageOf, sourceNames } from "./source-names.mjs";

const [file, minArg, slowArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node web/scripts/trace-tasks.mjs <trace.json> [minimum task ms=10] [slowdown=4]");
  process.exit(2);
}
const MIN_MS = Number(minArg ?? 10);
const SLOWDOWN = Number(slowArg ?? 4);
const raw = JSON.parse(fs.readFileSync(file, "utf8"));
const events = raw.traceEvents ?? raw;

// The page's main thread: the CrRendererMain thread with the most events.
const threadNames = new Map(events.filter((e) => e.ph === "M" && e.name === "thread_name").map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
const perThread = new Map();
for (const e of events) {
  const key = `${e.pid}:${e.tid}`;
  if (threadNames.get(key) === "CrRendererMain") perThread.set(key, (perThread.get(key) ?? 0) + 1);
}
const main = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
if (!main) throw new Error("no renderer main thread in this trace");
const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X").sort((a, b) => a.ts - b.ts);
const pid = Number(main.split(":")[0]);
const start = events.find((e) => e.name === "navigationStart" && e.pid === pid)?.ts ?? onMain[0].ts;

// The CPU profile's samples (LH_PROFILE): [time, node] of the main thread's profile.
const nodes = new Map();
const samples = [];
const chunks = events.filter((e) => e.name === "ProfileChunk" && e.pid === pid);
const profileId = [...chunks.reduce((m, e) => m.set(e.id, (m.get(e.id) ?? 0) + 1), new Map())].sort((a, b) => b[1] - a[1])[0]?.[0];
let clock = events.find((e) => e.name === "Profile" && e.pid === pid && e.id === profileId)?.args.data.startTime ?? null;
for (const chunk of chunks.filter((e) => e.id === profileId)) {
  const data = chunk.args.data;
  clock ??= chunk.ts;
  for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
  (data.cpuProfile?.samples ?? []).forEach((id, i) => {
    clock += data.timeDeltas?.[i] ?? 0;
    samples.push([clock, id]);
  });
}
const names = process.env.DIST ? sourceNames(process.env.DIST) : null;
const scriptOf = (url) => (url && URL.canParse(url) ? new URL(url).pathname : (url ?? ""));
const mappedOf = ({ callFrame: c }) => names?.original(scriptOf(c.url), c.lineNumber, c.columnNumber);
const frameName = (node) => {
  const c = node.callFrame;
  const where = mappedOf(node) ?? (c.url ? `${c.url.replace(/^.*\//, "")}:${c.lineNumber}:${c.columnNumber}` : "");
  return `${c.functionName || "(anonymous)"} ${where}`.trim();
};
// With DIST: a sample's package (or app folder); native work by its own name, scripts by file.
const packageName = (node) => packageOf(mappedOf(node)) ?? (node.callFrame.url ? scriptOf(node.callFrame.url) : node.callFrame.functionName || "(native)");

const INSIDE = ["v8.evaluateModule", "v8.callFunction", "FunctionCall", "EvaluateScript", "RunMicrotasks", "ParseHTML", "ParseAuthorStyleSheet",
  "UpdateLayoutTree", "Layout", "Paint", "MinorGC", "MajorGC", "DocumentLoader::CommitNavigation", "v8.produceModuleCache"];
// With DIST, each task's time goes by package; BY=function names the functions instead.
const byPackage = names !== null && process.env.BY !== "function";
const tasks = onMain.filter((e) => e.name === "RunTask" && e.dur >= MIN_MS * 1000);
const rows = [["start (ms)", "task (ms)", `×${SLOWDOWN} (ms)`, "counts to TBT (ms)", "made of (ms, nested events counted in each)"]];
const profiles = [];
let blocking = 0;
for (const task of tasks) {
  const end = task.ts + task.dur;
  const made = new Map();
  for (const e of onMain) {
    if (e.ts < task.ts || e.ts + e.dur > end || e === task || !INSIDE.includes(e.name)) continue;
    made.set(e.name, (made.get(e.name) ?? 0) + e.dur / 1000);
  }
  const simulated = (task.dur / 1000) * SLOWDOWN;
  blocking += Math.max(0, simulated - 50);
  const at = Math.round((task.ts - start) / 1000);
  rows.push([at, (task.dur / 1000).toFixed(1), Math.round(simulated), Math.round(Math.max(0, simulated - 50)),
    [...made].sort((a, b) => b[1] - a[1]).filter(([, d]) => d >= 0.5).slice(0, 5).map(([n, d]) => `${n} ${d.toFixed(1)}`).join(", ")]);
  const self = new Map();
  const name = byPackage ? packageName : frameName;
  for (const [t, id] of samples) if (t >= task.ts && t <= end) self.set(name(nodes.get(id)), (self.get(name(nodes.get(id))) ?? 0) + 1);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  if (total) profiles.push([at, [...self].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, c]) => `${n} ${Math.round((100 * c) / total)} %`).join(" | ")]);
}
printTable(`Main-thread tasks over ${MIN_MS} ms in ${file} (from navigation start)`, rows);
console.log(`\nsum of the ×${SLOWDOWN} tasks' time over 50 ms: ${Math.round(blocking)} ms (Lighthouse's TBT counts only those between FCP and TTI, simulated)`);
if (profiles.length) printTable(`${byPackage ? "Packages" : "Functions"} by self time in each task (CPU profile samples)`, [["start (ms)", byPackage ? "packages" : "functions"], ...profiles]);
else console.log("\nno CPU profile in this trace (LH_PROFILE=1 adds one)");
