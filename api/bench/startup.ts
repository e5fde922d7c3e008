/**
 * Start-up benchmark (not a test): time from the command to the first healthy
 * GET /api/health on an installed checkout, on the embedded PGlite (a warm DATA_DIR) and on
 * PostgreSQL, five runs each, the rows taken in turns (min/median/max). Rows: the README's `npm start` (install check,
 * stale checks, compiled server); the compiled server alone; PGlite opening its data dir and
 * answering one query in a bare script (the floor of the embedded mode), and the same script
 * without the timer that holds the event loop (Node then waits for V8's background compiles);
 * the compiled server on a PGlite account with RECORDINGS (10,000) notes and their audio files
 * (the crash sweep walks them all; it runs after the server listens); and a bare Node process
 * answering /api/health.
 *
 *   cd api && npx tsx bench/startup.ts [runs=5] [recordings=10000]
 *   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/test; a scratch
 *   database is created beside it and dropped at the end)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { sql } from "kysely";
import { apiBuildIsStale, buildApi, outfile } from "../scripts/build.mjs";
import { openPglite, pgliteSettings } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { apiDir, freePort, machineNote, printTable } from "./support.js";

const RUNS = Number(process.argv[2] ?? 5);
const RECORDINGS = Number(process.argv[3] ?? 10_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const root = path.resolve(apiDir, "..");

const bareServer = `require("node:http").createServer((q, s) => s.end('{"ok":true}')).listen(Number(process.env.PORT), "127.0.0.1")`;

/**
 * CPU seconds (user + system) used so far by every live process of a process group, from
 * /proc (Linux): on a busy machine wall time mostly measures the wait for a core, CPU time not.
 */
function groupCpuSeconds(pgid: number): number {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the command: state(0) ppid(1) pgrp(2) … utime(11) stime(12) cutime(13) cstime(14).
      if (Number(fields[2]) !== pgid) continue;
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / tick;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** Wall ms from spawn to the first 200 from /api/health, and the CPU seconds it took; the group is ended after. */
async function timeToHealthy(cmd: string, args: string[], env: Record<string, string>): Promise<{ wall: number; cpu: number }> {
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
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
          const wall = performance.now() - started;
          return { wall, cpu: groupCpuSeconds(child.pid!) };
        }
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

/**
 * A PGlite data dir with `count` transcribed notes of one account and an audio file for each,
 * written a day ago (old enough for the crash sweep to look at every one).
 */
async function seedRecordings(dataDir: string, count: number): Promise<void> {
  const database = await openPglite({ dataDir: path.join(dataDir, "db") });
  try {
    await migrateToLatest(database);
    const db = database.db;
    const user = (await sql<{ id: string }>`INSERT INTO users (email) VALUES ('bench@example.com') RETURNING id`.execute(db)).rows[0]!.id;
    const domain = (await sql<{ id: string }>`INSERT INTO domains (user_id, name, slug, is_default) VALUES (${user}, 'Journal', 'journal', true) RETURNING id`.execute(db)).rows[0]!.id;
    const audio = path.join(dataDir, "audio", user);
    fs.mkdirSync(audio, { recursive: true });
    const dayAgo = new Date(Date.now() - 86_400_000);
    for (let i = 0; i < count; i += 1000) {
      const names = Array.from({ length: Math.min(1000, count - i) }, () => `${crypto.randomUUID()}.webm`);
      const keys = names.map((name) => `${user}/${name}`);
      await sql`INSERT INTO voice_notes (user_id, domain_id, title, duration, audio_key, audio_mime, audio_bytes, is_transcribed, transcription)
        SELECT ${user}, ${domain}, 'A note', 30, k, 'audio/webm', 1, true, 'A few words of its transcript.' FROM unnest(${keys}::text[]) AS k`.execute(db);
      for (const name of names) {
        const file = path.join(audio, name);
        fs.writeFileSync(file, "x");
        fs.utimesSync(file, dayAgo, dayAgo);
      }
    }
  } finally {
    await database.close();
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
  const postgres = { DATABASE_URL: u.toString() };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-bench-start-"));
  const pglite = { DATA_DIR: dataDir };
  const largeDir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-bench-start-large-"));
  await seedRecordings(largeDir, RECORDINGS);
  // PGlite alone: open the warm data dir, one query, then answer /api/health.
  const pgliteEntry = pathToFileURL(createRequire(path.join(apiDir, "package.json")).resolve("@electric-sql/pglite")).href;
  // It opens PGlite as openPglite does (its database and settings), without the app's extension,
  // parsers and module preload. It holds the event loop with a timer while PGlite opens, as
  // main.ts does: an empty loop makes Node wait for V8's background compiles of PGlite's
  // WebAssembly (~0.6 s).
  const pgliteOnly = (holdLoop: boolean) =>
    `const hold = ${holdLoop ? "setInterval(() => {}, 60000)" : "undefined"}; const { PGlite } = await import(${JSON.stringify(pgliteEntry)}); const db = await PGlite.create({ dataDir: process.env.DATA_DIR + "/db", database: "template1", startParams: [...PGlite.defaultStartParams, ...${JSON.stringify(pgliteSettings())}] }); await db.query("select 1"); (await import("node:http")).createServer((q, s) => s.end('{"ok":true}')).listen(Number(process.env.PORT), "127.0.0.1", () => clearInterval(hold))`;
  const cases: [string, string, string[], Record<string, string>][] = [
    ["npm start, PGlite (README command)", "npm", ["start", "--silent"], pglite],
    ["node api/dist/main.js, PGlite", process.execPath, [outfile], pglite],
    [`node api/dist/main.js, PGlite, ${RECORDINGS.toLocaleString("en")} recordings`, process.execPath, [outfile], { DATA_DIR: largeDir }],
    ["floor: PGlite opens + 1 query, bare http", process.execPath, ["--input-type=module", "-e", pgliteOnly(true)], pglite],
    ["the same without the timer (the stall)", process.execPath, ["--input-type=module", "-e", pgliteOnly(false)], pglite],
    ["npm start, PostgreSQL", "npm", ["start", "--silent"], postgres],
    ["node api/dist/main.js, PostgreSQL", process.execPath, [outfile], postgres],
    ["reference: bare node http server", process.execPath, ["-e", bareServer], {}],
  ];
  try {
    // Warm-up: migrations, the install stamp, builds and file caches, so every row measures a warm start.
    for (const [, cmd, args, env] of cases) await timeToHealthy(cmd, args, env);
    // Round-robin: a host that slows down for a while (another process, a CPU's clock) slows one
    // run of every row, not every run of one row.
    const results = cases.map(() => [] as { wall: number; cpu: number }[]);
    for (let i = 0; i < RUNS; i++) {
      for (const [c, [, cmd, args, env]] of cases.entries()) results[c]!.push(await timeToHealthy(cmd, args, env));
    }
    const rows: (string | number)[][] = [["command", "min", "median", "max", "CPU s (median)"]];
    for (const [c, [name]] of cases.entries()) {
      const runs = results[c]!;
      const walls = runs.map((r) => r.wall).sort((a, b) => a - b);
      const cpus = runs.map((r) => r.cpu).sort((a, b) => a - b);
      const mid = Math.floor(runs.length / 2);
      rows.push([name, ...[walls[0]!, walls[mid]!, walls.at(-1)!].map((t) => `${(t / 1000).toFixed(2)} s`), cpus[mid]!.toFixed(2)]);
    }
    console.log(`\nStart to a healthy /api/health, installed checkout (${RUNS} runs each)\n${machineNote()}\n`);
    printTable(rows);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(largeDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

await main();
