/**
 * Start-up benchmark (not a test; issue 11): time from the command to the first healthy
 * GET /api/health on an installed checkout with PostgreSQL, three runs each (min/median/max).
 * Rows: the README's `npm start` (install check, stale checks, compiled server); the compiled
 * server alone; the TypeScript sources through tsx (how the API ran before); and, as the floor,
 * a bare Node process answering /api/health.
 *
 *   cd api && npx tsx bench/startup.ts [runs=3]
 *   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/test; a scratch
 *   database is created beside it and dropped at the end)
 */
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { apiBuildIsStale, buildApi, outfile } from "../scripts/build.mjs";
import { apiDir, freePort, printTable } from "./support.js";

const RUNS = Number(process.argv[2] ?? 3);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const root = path.resolve(apiDir, "..");

const bareServer = `require("node:http").createServer((q, s) => s.end('{"ok":true}')).listen(Number(process.env.PORT), "127.0.0.1")`;

/** Milliseconds from spawn to the first 200 from /api/health; the process group is ended after. */
async function timeToHealthy(cmd: string, args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${cmd} ${args.join(" ")} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  }
}

async function main() {
  if (apiBuildIsStale()) await buildApi();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `vj_bench_start_${process.pid}`;
  await admin.query(`create database ${dbName}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  const env = { DATABASE_URL: u.toString() };
  const cases: [string, string, string[]][] = [
    ["npm start (README command)", "npm", ["start", "--silent"]],
    ["node api/dist/main.js (compiled)", process.execPath, [outfile]],
    ["tsx api/src/main.ts (before)", process.execPath, ["--import", "tsx", path.join(apiDir, "src/main.ts")]],
    ["reference: bare node http server", process.execPath, ["-e", bareServer]],
  ];
  try {
    // Warm-up: migrations, the install stamp, builds and file caches, so every row measures a warm start.
    for (const [, cmd, args] of cases) await timeToHealthy(cmd, args, env);
    const rows: (string | number)[][] = [["command", "min", "median", "max"]];
    for (const [name, cmd, args] of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await timeToHealthy(cmd, args, env));
      times.sort((a, b) => a - b);
      rows.push([name, ...[times[0]!, times[Math.floor(times.length / 2)]!, times.at(-1)!].map((t) => `${(t / 1000).toFixed(2)} s`)]);
    }
    console.log(`\nStart to a healthy /api/health, PostgreSQL, installed checkout (${RUNS} runs each)\n`);
    printTable(rows);
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

await main();
