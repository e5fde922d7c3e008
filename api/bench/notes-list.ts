/**
 * Notes-list benchmark (not a test): GET /api/voice-notes for a month of a heavy
 * account on PostgreSQL, through the compiled server in its own process, side by side with the
 * bare SQL statement the repository runs (the list with its session check folded in, exactly as
 * the API sends it), sent through a pg Pool of the same size (10) from here.
 * Prints answer bytes (plain and brotli), requests per second, p50 and p99 for 10k and 100k
 * notes in the account (about 384 and 4,000 in the month), the statement's plan, and where the
 * CPU went per request: the API process, PostgreSQL's backends and this process.
 *
 * Fairness: the load generator runs in this process in both halves. For the API it only reads
 * HTTP answers; for the bare statement it is also the pg client that parses the rows, the work
 * the API does for its callers. Moving it to another process would not give it a core of its
 * own on a 2-core machine, so it stays here and the CPU table shows what it cost instead.
 * Replies are read uncompressed (no Accept-Encoding) except in the "brotli" case, which asks
 * as a browser does. With 8 closed-loop callers on 2 cores both halves are CPU-bound, so the
 * p99s mostly follow throughput (mean latency = callers / requests per second); concurrency 1
 * shows the unqueued latency of each.
 *
 *   cd api && npx tsx bench/notes-list.ts [seconds=5] [concurrency=8] [accounts=10000,100000] [rounds=1]
 *
 * With rounds > 1 each case runs that many times, the API and the bare statement alternating,
 * and the table keeps each side's best round (most requests per second): on a machine shared
 * with other work, the least disturbed round is the closest to what the code can do.
 *   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/test; a scratch
 *   database is created beside it and dropped at the end)
 */
import { NEXT_CURSOR_HEADER, decodeNoteCursor, periodRange } from "@vj/core";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { DB } from "../src/db/schema.js";
import { voiceNotesRepository } from "../src/repositories/voice-notes.js";
import { benchAccount, closedLoop, httpGet, kb, ms, machineNote, printTable, processCpuSeconds, startCompiledApi, type LoadResult } from "./support.js";

const SECONDS = Number(process.argv[2] ?? 5);
const CONCURRENCY = Number(process.argv[3] ?? 8);
const ACCOUNT_SIZES = (process.argv[4] ?? "10000,100000").split(",").map(Number);
const ROUNDS = Number(process.argv[5] ?? 1);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const MONTHS = 26; // 10k notes over 26 months: ~384 in a month, the issue's figure
const FIRST = Date.UTC(2024, 0, 1);
const SPAN = Date.UTC(2024 + Math.floor(MONTHS / 12), MONTHS % 12, 1) - FIRST;
const MONTH_KEY = "2025-03";
const DAY_KEY = "2025-03-12";

const WORDS = "today I walked to the market and thought about the project plan the meeting went well we should call the team tomorrow about the budget and the garden needs water".split(" ");
/** About 1.2 KB of spoken-style text, different for every note. */
function transcript(i: number): string {
  const out: string[] = [];
  let x = i * 2654435761;
  while (out.join(" ").length < 1200) {
    x = (x * 1103515245 + 12345) >>> 0;
    out.push(WORDS[x % WORDS.length]!);
  }
  return out.join(" ") + ".";
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function insertNotes(pool: pg.Pool, userId: string, domainId: string, from: number, to: number) {
  for (let start = from; start < to; start += 1000) {
    const n = Math.min(1000, to - start);
    const idx = Array.from({ length: n }, (_, k) => start + k);
    // Spread evenly over the span, newest last; the index order does not depend on insert order.
    const at = idx.map((i) => new Date(FIRST + Math.floor(((i * 7919) % 100_000) / 100_000 * SPAN) + (i % 1000)));
    await pool.query(
      `insert into voice_notes (user_id, domain_id, title, transcription, duration, is_transcribed, is_transcribing, audio_key, audio_mime, audio_bytes, created_at)
       select $1::uuid, $2::uuid, t.title, t.text, 60 + (t.i % 600), true, false, $1::text || '/' || t.i || '.webm', 'audio/webm', 480000, t.at
       from unnest($3::int[], $4::text[], $5::text[], $6::timestamptz[]) as t(i, title, text, at)`,
      [userId, domainId, idx, idx.map((i) => `Walk and thoughts number ${i}`), idx.map(transcript), at],
    );
  }
  await pool.query("analyze voice_notes");
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `vj_bench_notes_${process.pid}`;
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(ADMIN_URL, dbName);
  const api = await startCompiledApi({ DATABASE_URL: url, WEB_DIST: "/nonexistent" });
  // The server's pool size (database.ts), for the bare reference.
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("error", () => {}); // the scratch database is dropped with its connections at the end
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const rows: (string | number)[][] = [
    ["case", "notes in account", "answer", "brotli", "API req/s", "API p50", "API p99", "SQL req/s", "SQL p99", "p99 API/SQL"],
  ];
  const cpuRows: (string | number)[][] = [
    ["case", "notes in account", "API: server", "API: postgres", "API: load gen", "SQL: postgres", "SQL: load gen (pg client)"],
  ];
  // CPU seconds so far of the API process and of every backend of the scratch database.
  const cpu = async () => {
    const usage: Record<string, number> = { api: processCpuSeconds(api.child.pid!) };
    const backends = await pool.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database()");
    for (const { pid } of backends.rows) usage[`pg:${pid}`] = processCpuSeconds(pid);
    return usage;
  };
  const postgresMs = (perOp: Record<string, number>) =>
    Object.entries(perOp).reduce((sum, [name, v]) => (name.startsWith("pg:") ? sum + v : sum), 0);
  const cpuMs = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "n/a");
  const plans: string[] = [];
  try {
    const account = await benchAccount(api.url);
    const auth = account.auth;
    const userId = account.userId;
    // The session the token names: the API checks it inside the list statement, so the bare statement does too.
    const sid = (JSON.parse(Buffer.from(account.token.split(".")[1]!, "base64url").toString()) as { session_id: string }).session_id;

    let inserted = 0;
    for (const total of ACCOUNT_SIZES) {
      console.error(`inserting notes up to ${total}…`);
      await insertNotes(pool, userId, account.domainId, inserted, total);
      inserted = total;

      const month = periodRange("month", MONTH_KEY, "UTC");
      const day = periodRange("day", DAY_KEY, "UTC");
      const base = `${api.url}/api/voice-notes?tz=UTC&domainId=${account.domainId}`;
      // The cursor of page 5, for a page deep in the month.
      let cursor = "";
      for (let i = 0; i < 4; i++) {
        const res = await httpGet(`${base}&period=month&periodKey=${MONTH_KEY}&limit=50${cursor ? `&before=${cursor}` : ""}`, auth);
        cursor = String(res.headers[NEXT_CURSOR_HEADER.toLowerCase()] ?? "");
      }
      const before = decodeNoteCursor(cursor)!;

      const cases = [
        { name: `month ${MONTH_KEY}, first page (default 50)`, query: `&period=month&periodKey=${MONTH_KEY}`, range: month, limit: 50 },
        { name: `month ${MONTH_KEY}, page 5 (cursor)`, query: `&period=month&periodKey=${MONTH_KEY}&before=${cursor}`, range: month, limit: 50, before },
        { name: `month ${MONTH_KEY}, limit=200`, query: `&period=month&periodKey=${MONTH_KEY}&limit=200`, range: month, limit: 200 },
        { name: `day ${DAY_KEY} (small answer)`, query: `&period=day&periodKey=${DAY_KEY}`, range: day, limit: 50 },
        { name: `month ${MONTH_KEY}, first page, brotli`, query: `&period=month&periodKey=${MONTH_KEY}`, range: month, limit: 50, brotli: true },
      ];
      if (inserted === ACCOUNT_SIZES[0]) {
        // The server's code is cold after start: JIT warm-up, not the list, would make the first row slow.
        const warm = `${base}${cases[0]!.query}`;
        await closedLoop(() => httpGet(warm, auth), { seconds: 3, concurrency: CONCURRENCY });
      }
      for (const c of cases) {
        const target = `${base}${c.query}`;
        const plain = await httpGet(target, auth);
        const br = await httpGet(target, { ...auth, "accept-encoding": "br, gzip" });
        if (plain.status !== 200) throw new Error(`${c.name}: HTTP ${plain.status}`);
        const headers = c.brotli ? { ...auth, "accept-encoding": "br, gzip" } : auth;
        const liveSession = { sid, userId, now: new Date() };
        const compiled = voiceNotesRepository(db)
          .listPageQuery(userId, { start: c.range.start, end: c.range.end, domainId: account.domainId, limit: c.limit, before: c.before, liveSession })
          .compile();
        let apiLoad: LoadResult | undefined;
        let sqlLoad: LoadResult | undefined;
        for (let round = 0; round < ROUNDS; round++) {
          const a = await closedLoop(() => httpGet(target, headers), { seconds: SECONDS, concurrency: CONCURRENCY, cpu });
          const q = await closedLoop(() => pool.query(compiled.sql, compiled.parameters as unknown[]), {
            seconds: SECONDS,
            concurrency: CONCURRENCY,
            cpu,
          });
          if (!apiLoad || a.rps > apiLoad.rps) apiLoad = a;
          if (!sqlLoad || q.rps > sqlLoad.rps) sqlLoad = q;
        }
        if (!apiLoad || !sqlLoad) throw new Error("rounds must be at least 1");
        cpuRows.push([
          c.name,
          total.toLocaleString("en"),
          cpuMs(apiLoad.cpuMsPerOp.api!),
          cpuMs(postgresMs(apiLoad.cpuMsPerOp)),
          cpuMs(apiLoad.cpuMsPerOp.bench!),
          cpuMs(postgresMs(sqlLoad.cpuMsPerOp)),
          cpuMs(sqlLoad.cpuMsPerOp.bench!),
        ]);
        rows.push([
          c.name,
          total.toLocaleString("en"),
          kb(plain.bytes),
          kb(br.bytes),
          apiLoad.rps.toFixed(0),
          ms(apiLoad.p50),
          ms(apiLoad.p99),
          sqlLoad.rps.toFixed(0),
          ms(sqlLoad.p99),
          `${(apiLoad.p99 / sqlLoad.p99).toFixed(1)}×`,
        ]);
        if (c === cases[1]) {
          const explain = await pool.query(`explain (analyze, buffers off, costs off) ${compiled.sql}`, compiled.parameters as unknown[]);
          plans.push(`${total.toLocaleString("en")} notes, ${c.name}:\n` + explain.rows.map((r) => `  ${r["QUERY PLAN"]}`).join("\n"));
        }
      }
    }
    const rounds = ROUNDS > 1 ? `, best of ${ROUNDS} alternating rounds` : "";
    console.log(`\nGET /api/voice-notes vs the bare SQL statement (${CONCURRENCY} concurrent callers, ${SECONDS} s each${rounds}, keep-alive)\n${machineNote()}\n`);
    printTable(rows);
    console.log("\nCPU milliseconds per request, by process (API: the API half of the case; SQL: the bare statement)\n");
    printTable(cpuRows);
    console.log("");
    for (const p of plans) console.log(p + "\n");
  } finally {
    await api.stop();
    await db.destroy();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

await main();
