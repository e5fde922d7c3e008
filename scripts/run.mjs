#!/usr/bin/env node
// The README's two commands: `npm start` (install, build what is missing, serve)
// and `npm test` (install, typecheck, every test). Needs only Node 20.19+ and npm:
// pnpm itself comes through npx when it is not installed.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const PNPM_VERSION = "10.34.9";
const isCI = process.env.CI === "true";

function pnpmCommand() {
  const probe = spawnSync("pnpm", ["--version"], { encoding: "utf8", shell: process.platform === "win32" });
  if (probe.status === 0 && probe.stdout.trim().startsWith("10.")) return ["pnpm"];
  return ["npx", "-y", `pnpm@${PNPM_VERSION}`];
}
// Probed on first use only: a start with nothing to install or build never spawns pnpm.
let pnpmCached;
const pnpm = () => (pnpmCached ??= pnpmCommand());

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}
function runPnpm(args, options) {
  const [cmd, ...pre] = pnpm();
  return run(cmd, [...pre, ...args], options);
}
function must(status, what) {
  if (status !== 0) {
    console.error(`\n✗ ${what} failed (exit ${status})`);
    process.exit(status);
  }
}

// What an install depends on. Its hash is kept in node_modules after a successful install, so
// `npm start` skips pnpm (about 1.5 s even with nothing to do) until one of these changes.
const INSTALL_INPUTS = ["pnpm-lock.yaml", "pnpm-workspace.yaml", "package.json", "api/package.json", "web/package.json", "packages/core/package.json"];
const INSTALL_STAMP = path.join(root, "node_modules", ".vj-install-stamp");

function installInputsHash() {
  const hash = crypto.createHash("sha256");
  hash.update(`${process.version}\n${PNPM_VERSION}\n`);
  for (const file of INSTALL_INPUTS) {
    const p = path.join(root, file);
    hash.update(`${file}\n`);
    if (fs.existsSync(p)) hash.update(fs.readFileSync(p));
  }
  return hash.digest("hex");
}

function install({ always = false } = {}) {
  const wanted = installInputsHash();
  if (!always && fs.existsSync(INSTALL_STAMP) && fs.readFileSync(INSTALL_STAMP, "utf8") === wanted) return;
  must(runPnpm(["install", ...(isCI ? ["--frozen-lockfile"] : []), "--reporter=append-only"]), "pnpm install");
  fs.writeFileSync(INSTALL_STAMP, wanted);
}

/** Builds web/dist when it is missing or older than its sources (the web package's own check). */
async function buildWebIfStale() {
  const { buildDistIfStale } = await import("../web/scripts/build-dist-if-stale.mjs");
  await buildDistIfStale();
}

/** Compiles the API to api/dist when it is missing or older than its sources (DESIGN §10). */
async function buildApiIfStale() {
  const { apiBuildIsStale, buildApi } = await import("../api/scripts/build.mjs");
  if (!apiBuildIsStale()) return;
  console.log("building the API (api/dist)");
  await buildApi();
}

async function start() {
  install();
  await buildWebIfStale();
  await buildApiIfStale();
  // Compiled JavaScript, in this process: no TypeScript loader and no second Node start (~0.1 s).
  // The server handles SIGINT/SIGTERM itself; stack traces point at api/src.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(path.join(root, "api", "dist", "main.js")).href);
}

/** Runs one vitest suite with a JSON report beside the normal output, and returns its counts. */
function vitestSuite(name, filter, script, reports) {
  const out = path.join(reports, `${name}.json`);
  const started = Date.now();
  const status = runPnpm(["--filter", filter, "exec", "vitest", "run", ...(script ? ["--config", script] : []),
    "--reporter=default", "--reporter=json", `--outputFile.json=${out}`]);
  return { name, status, seconds: secondsSince(started), ...countsOf([out]) };
}

/** The browser journeys: their lanes side by side (web/scripts/e2e-lanes.mjs), a JSON report each. */
function e2eSuite(reports) {
  const dir = path.join(reports, "e2e");
  fs.mkdirSync(dir);
  const started = Date.now();
  const status = runPnpm(["--filter", "@vj/web", "exec", "node", "scripts/e2e-lanes.mjs"], { env: { ...process.env, E2E_REPORT_DIR: dir } });
  return { name: "e2e", status, seconds: secondsSince(started), ...countsOf(fs.readdirSync(dir).map((f) => path.join(dir, f))) };
}

const secondsSince = (started) => Math.round((Date.now() - started) / 1000);

/** Passed and failed tests, test files and each failure, summed over vitest JSON reports. */
function countsOf(outs) {
  let passed = 0, failed = 0, files = 0, failures = [];
  for (const out of outs.filter((f) => fs.existsSync(f))) {
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    files += report.numTotalTestSuites;
    failures = failures.concat(failuresOf(report));
  }
  return { passed, failed, files, failures };
}

/** Each failed test of a vitest JSON report as "file › name: first line of its message". */
function failuresOf(report) {
  return report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults.filter((t) => t.status === "failed");
    if (tests.length === 0 && file.status === "failed") return [`${where}: ${firstLine(file.message)}`];
    return tests.map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  });
}

function firstLine(text) {
  return String(text ?? "").split("\n").find((l) => l.trim())?.trim().slice(0, 300) ?? "";
}

function test() {
  // The whole check always installs: it is what CI runs on a fresh checkout.
  install({ always: true });
  const typecheckStarted = Date.now();
  must(runPnpm(["-r", "--workspace-concurrency=1", "typecheck"]), "typecheck");
  console.log(`typecheck: ${secondsSince(typecheckStarted)} s`);
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), "vj-reports-"));
  const suites = [
    vitestSuite("core", "@vj/core", null, reports),
    vitestSuite("api", "@vj/api", null, reports),
  ];
  if (fs.existsSync(path.join(root, "web", "vitest.config.ts"))) suites.push(vitestSuite("web", "@vj/web", null, reports));
  // The journeys' runner builds web/dist first if it is stale.
  if (fs.existsSync(path.join(root, "web", "vitest.e2e.config.ts"))) suites.push(e2eSuite(reports));
  console.log("\nsuite  status  passed  failed  seconds");
  for (const s of suites) console.log(`${s.name.padEnd(6)} ${s.status === 0 ? "ok    " : "FAILED"}  ${String(s.passed).padStart(6)}  ${String(s.failed).padStart(6)}  ${String(s.seconds).padStart(7)}`);
  const passed = suites.reduce((n, s) => n + s.passed, 0);
  const failed = suites.reduce((n, s) => n + s.failed, 0);
  console.log(`\nTests: ${passed} passed, ${failed} failed`);
  // Named last, so the tail of a long log says what failed.
  for (const s of suites) for (const f of s.failures) console.log(`✗ ${s.name}: ${f}`);
  const bad = suites.filter((s) => s.status !== 0);
  process.exit(bad.length || failed ? 1 : 0);
}

/** `npm run backup [-- folder]`, `npm run restore -- <backup>`: the compiled API's backup command. */
async function backupCommand(name) {
  install();
  await buildApiIfStale();
  process.setSourceMapsEnabled(true);
  process.argv = [process.argv[0], "backup-cli", name, ...process.argv.slice(3)];
  await import(pathToFileURL(path.join(root, "api", "dist", "backup-cli.js")).href);
}

const command = process.argv[2];
if (command === "start") await start();
else if (command === "test") test();
else if (command === "backup" || command === "restore") await backupCommand(command);
else {
  console.error("usage: node scripts/run.mjs start|test|backup|restore");
  process.exit(2);
}
