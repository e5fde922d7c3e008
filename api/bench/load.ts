/**
 * Load benchmark (not a test): N users each upload a recording, list their month and generate a
 * summary, over and over, for a fixed time, against
 *   1. one process on PGlite with audio files (the embedded default),
 *   2. two ROLE=api processes and one ROLE=worker on PostgreSQL, audio files on a shared disk,
 *   3. the same on PostgreSQL with audio in an S3 bucket (s3rver, a test server on loopback).
 * Requests alternate between the API processes, as a load balancer would. Transcription goes
 * through the real openai SDK to a local OpenAI-compatible stub that answers at once; summaries
 * use the offline extractive engine. It prints errors, p50/p99 per action, uploads per second,
 * the servers' peak RSS, and "lost": acknowledged uploads missing from the user's list, plus
 * stored objects without a note (or notes without one).
 *
 *   cd api && npx tsx bench/load.ts [users=50] [seconds=60] [setups=pglite,postgres,postgres-s3]
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { spawnApi, type ApiProcess } from "../test/support/api-process.js";
import { filesUnder, webmBytes } from "../test/support/audio.js";
import { startOpenAITestServer } from "../test/support/openai-server.js";
import { startS3TestServer, type S3TestServer } from "../test/support/s3-server.js";

const USERS = Number(process.argv[2] ?? 50);
const SECONDS = Number(process.argv[3] ?? 60);
const SETUPS = (process.argv[4] ?? "pglite,postgres,postgres-s3").split(",");
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const apiDir = path.resolve(import.meta.dirname, "..");
const MONTH = new Date().toISOString().slice(0, 7);

type Action = "upload" | "list" | "generate";

interface Outcome {
  setup: string;
  processes: string;
  requests: number;
  errors: number;
  errorSamples: string[];
  latencies: Record<Action, number[]>;
  uploads: number;
  seconds: number;
  peakRssMB: number;
  lost: number;
  strayObjects: number;
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const rssMB = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

function noteBody(title: string, clientId: string): FormData {
  const form = new FormData();
  form.append("audio", new Blob([webmBytes()], { type: "audio/webm;codecs=opus" }), "recording.webm");
  form.append("title", title);
  form.append("duration", "1");
  form.append("clientId", clientId);
  form.append("tz", "UTC");
  return form;
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function runSetup(name: string, s3: S3TestServer, openaiURL: string): Promise<Outcome> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "vj-load-"));
  const dataDir = path.join(work, "data");
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WEB_DIST: path.join(work, "no-web"),
    AUTH_JWT_SECRET: "load-bench-secret-that-is-long-enough-for-hs256",
    // Every bench user signs up from 127.0.0.1; production keeps GoTrue's 30 per 5 minutes.
    AUTH_RATE_LIMIT_SIGNUP: "100000",
    AUTH_RATE_LIMIT_TOKEN: "100000",
    AUTH_RATE_LIMIT_TOKEN_BURST: "100000",
    TRANSCRIBE_ENGINE: "openai",
    OPENAI_API_KEY: "bench-key",
    OPENAI_BASE_URL: openaiURL,
    SUMMARY_ENGINE: "extractive",
    TRANSCRIBE_POLL_MS: "500",
    TRANSCRIBE_CONCURRENCY: "4",
  };
  let dbName: string | undefined;
  let storedKeys: () => Promise<string[]> = async () => filesUnder(path.join(dataDir, "audio")).filter((f) => !f.includes(`${path.sep}.tmp${path.sep}`));
  if (name !== "pglite") {
    dbName = `vj_load_${process.pid}_${name.replace(/\W/g, "_")}`;
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName}`);
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  if (name === "postgres-s3") {
    const bucket = await s3.bucket();
    Object.assign(env, bucket.env);
    storedKeys = bucket.keys;
  }

  const processes: ApiProcess[] =
    name === "pglite"
      ? [await spawnApi(env, ["dist/main.js"])]
      : await Promise.all([
          spawnApi({ ...env, ROLE: "api" }, ["dist/main.js"]),
          spawnApi({ ...env, ROLE: "api" }, ["dist/main.js"]),
          spawnApi({ ...env, ROLE: "worker" }, ["dist/main.js"]),
        ]);
  const apis = name === "pglite" ? processes : processes.slice(0, 2);
  let turn = 0;
  const base = () => apis[turn++ % apis.length]!.url;

  // Users, each with a default collection and one transcribed note, so generating has text to read.
  const users = await Promise.all(
    Array.from({ length: USERS }, async (_, i) => {
      const res = await fetch(`${base()}/auth/v1/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `load${i}-${Date.now()}@example.com`, password: "secret-pass" }),
      });
      if (res.status !== 200) throw new Error(`sign-up ${res.status}: ${await res.text()}`);
      const headers = { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
      const domain = await fetch(`${base()}/api/domains`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ name: "Journal", primaryColor: "#3b82f6", isDefault: true, userId: "" }),
      });
      const { id: domainId } = (await domain.json()) as { id: string };
      const seed = await fetch(`${base()}/api/voice-notes`, { method: "POST", headers, body: noteBody("seed", `seed-${i}`) });
      const acknowledged = [((await seed.json()) as { id: string }).id];
      return { i, headers, domainId, acknowledged };
    }),
  );
  for (const u of users) {
    for (let tries = 0; ; tries++) {
      const notes = (await (await fetch(`${base()}/api/voice-notes?period=month&periodKey=${MONTH}&tz=UTC`, { headers: u.headers })).json()) as { hasTranscription: boolean }[];
      if (notes.some((n) => n.hasTranscription)) break;
      if (tries > 300) throw new Error("seed notes were not transcribed");
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const outcome: Outcome = {
    setup: name,
    processes: name === "pglite" ? "1 (all)" : "2 api + 1 worker",
    requests: 0,
    errors: 0,
    errorSamples: [],
    latencies: { upload: [], list: [], generate: [] },
    uploads: 0,
    seconds: SECONDS,
    peakRssMB: 0,
    lost: 0,
    strayObjects: 0,
  };
  const sampler = setInterval(() => {
    outcome.peakRssMB = Math.max(outcome.peakRssMB, processes.reduce((sum, p) => sum + rssMB(p.child.pid!), 0));
  }, 250);

  const timed = async (action: Action, send: () => Promise<Response>, ok: number) => {
    const started = performance.now();
    let res: Response | undefined;
    try {
      res = await send();
      await res.arrayBuffer();
    } catch (err) {
      outcome.errors++;
      if (outcome.errorSamples.length < 5) outcome.errorSamples.push(`${action}: ${String(err)}`);
      return undefined;
    } finally {
      outcome.requests++;
    }
    outcome.latencies[action].push(performance.now() - started);
    if (res.status !== ok) {
      outcome.errors++;
      if (outcome.errorSamples.length < 5) outcome.errorSamples.push(`${action}: HTTP ${res.status}`);
    }
    return res;
  };

  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    users.map(async (u) => {
      for (let n = 0; Date.now() < deadline; n++) {
        const clientId = `load-${u.i}-${n}`;
        let id: string | undefined;
        const up = await timed("upload", async () => {
          const res = await fetch(`${base()}/api/voice-notes`, { method: "POST", headers: u.headers, body: noteBody(`Note ${n}`, clientId) });
          if (res.status === 201) id = ((await res.clone().json()) as { id: string }).id;
          return res;
        }, 201);
        if (up && id) {
          outcome.uploads++;
          u.acknowledged.push(id);
        }
        if (Date.now() >= deadline) break;
        await timed("list", () => fetch(`${base()}/api/voice-notes?period=month&periodKey=${MONTH}&tz=UTC`, { headers: u.headers }), 200);
        if (Date.now() >= deadline) break;
        // A summary every third round, as a person reads back now and then.
        if (n % 3 === 0) {
          await timed(
            "generate",
            () =>
              fetch(`${base()}/api/summaries/generate`, {
                method: "POST",
                headers: { ...u.headers, "content-type": "application/json" },
                body: JSON.stringify({ period: "month", periodKey: MONTH, domainId: u.domainId, isGeneralSummary: true, responseLength: "short", tz: "UTC" }),
              }),
            201,
          );
        }
      }
    }),
  );
  clearInterval(sampler);

  // Lost: an acknowledged upload that the user's list does not show. Stray: objects and notes that do not pair up.
  let notesTotal = 0;
  for (const u of users) {
    const listed = (await (await fetch(`${base()}/api/voice-notes?period=month&periodKey=${MONTH}&tz=UTC`, { headers: u.headers })).json()) as { id: string }[];
    const ids = new Set(listed.map((n) => n.id));
    outcome.lost += u.acknowledged.filter((id) => !ids.has(id)).length;
    notesTotal += listed.length;
  }
  outcome.strayObjects = Math.abs((await storedKeys()).length - notesTotal);

  for (const p of processes) p.child.kill("SIGTERM");
  await Promise.all(processes.map((p) => p.exited));
  if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  fs.rmSync(work, { recursive: true, force: true });
  return outcome;
}

async function main() {
  // Production runs the compiled server (DESIGN §10); so does the benchmark.
  execFileSync(process.execPath, ["build.mjs"], { cwd: apiDir, stdio: "inherit" });
  const openai = await startOpenAITestServer();
  openai.transcriptionText = () => "Walked by the river this morning and planned the week ahead with the team.";
  const s3 = await startS3TestServer();
  const results: Outcome[] = [];
  for (const setup of SETUPS) {
    console.error(`… ${setup}: ${USERS} users for ${SECONDS} s`);
    results.push(await runSetup(setup, s3, openai.baseURL));
  }
  await s3.close();
  await openai.close();

  const ms = (v: number) => (Number.isNaN(v) ? "—" : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
  const rows = results.map((r) => [
    r.setup,
    r.processes,
    String(r.requests),
    String(r.errors),
    (r.uploads / r.seconds).toFixed(1),
    `${ms(percentile(r.latencies.upload, 50))} / ${ms(percentile(r.latencies.upload, 99))}`,
    `${ms(percentile(r.latencies.list, 50))} / ${ms(percentile(r.latencies.list, 99))}`,
    `${ms(percentile(r.latencies.generate, 50))} / ${ms(percentile(r.latencies.generate, 99))}`,
    `${Math.round(r.peakRssMB)} MB`,
    String(r.lost),
    String(r.strayObjects),
  ]);
  const header = ["setup", "processes", "requests", "errors", "uploads/s", "upload p50/p99", "list p50/p99", "generate p50/p99", "peak RSS (sum)", "lost", "stray"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${USERS} users, ${SECONDS} s each, ${os.cpus().length} cores, node ${process.version}`);
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(r));
  for (const r of results) for (const e of r.errorSamples) console.log(`  ${r.setup}: ${e}`);
}

await main();
