#!/usr/bin/env node
// `pnpm test:e2e [vitest arguments]`: the browser journeys, each lane of e2e/lanes.mjs in its own
// vitest process at the same time (one journey at a time within a lane). What is built is built once
// first, so the lanes' global setups find it ready. Each line a lane prints is prefixed with its name.
// E2E_REPORT_DIR set: each lane also writes its vitest JSON report there, as e2e-<lane>.json.
// The lanes share one time zone for the run (E2E_TIME_ZONE; e2e/journey-time-zone.mjs says why).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { journeyTimeZone } from "../e2e/journey-time-zone.mjs";
import { E2E_LANES } from "../e2e/lanes.mjs";
import { buildDistIfStale } from "./build-dist-if-stale.mjs";
import { buildApiIfStale } from "./compiled-api.mjs";

const web = path.resolve(import.meta.dirname, "..");
const vitest = path.join(path.dirname(createRequire(path.join(web, "package.json")).resolve("vitest/package.json")), "vitest.mjs");
const reportDir = process.env.E2E_REPORT_DIR;

process.env.E2E_TIME_ZONE ||= journeyTimeZone();
console.log(`[e2e] the browsers' time zone for this run: ${process.env.E2E_TIME_ZONE}`);

await buildDistIfStale();
await buildApiIfStale();

/** Copies a stream to ours a line at a time, each line prefixed. */
function prefixLines(stream, out, prefix) {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop();
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on("end", () => rest && out.write(`${prefix}${rest}\n`));
}

function runLane(name) {
  const reports = reportDir ? ["--reporter=default", "--reporter=json", `--outputFile.json=${path.join(reportDir, `e2e-${name}.json`)}`] : [];
  const args = [vitest, "run", "--config", "vitest.e2e.config.ts", "--project", name, "--passWithNoTests", ...reports, ...process.argv.slice(2)];
  const child = spawn(process.execPath, args, { cwd: web, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = `[${name}] `;
  prefixLines(child.stdout, process.stdout, prefix);
  prefixLines(child.stderr, process.stderr, prefix);
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(E2E_LANES.map(({ name }) => runLane(name)));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
