/**
 * MCP benchmark (not a test): search_journal and list_notes through /mcp, beside the same reads
 * through the app's own API (/api/search and /api/voice-notes), on PostgreSQL through the
 * compiled server in its own process. The assistant's request carries more than the app's: a
 * JSON-RPC envelope, the token looked up by hash, a new MCP server and transport (stateless),
 * the person's collections for names and links, and Markdown beside the structured answer.
 * Both sides read and parse their answer, as a client does. Prints p50 and p99 of each, the
 * server's CPU per request, and their ratios (goal: /mcp within 1.5× of /api).
 *
 *   cd api && npx tsx bench/mcp.ts [notes=100000] [seconds=5] [concurrency=4]
 *   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/test; a scratch
 *   database is created beside it and dropped at the end)
 */
import http from "node:http";
import pg from "pg";
import { benchAccount, closedLoop, machineNote, ms, printTable, processCpuSeconds, startCompiledApi, type LoadResult } from "./support.js";

const NOTES = Number(process.argv[2] ?? 100_000);
const SECONDS = Number(process.argv[3] ?? 5);
const CONCURRENCY = Number(process.argv[4] ?? 4);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const FIRST = Date.UTC(2024, 0, 1);
const SPAN = Date.UTC(2026, 3, 1) - FIRST;

const WORDS = "today I walked to the market and thought about the project plan the meeting went well we should call the team tomorrow about the budget and the garden needs water heron".split(" ");
function transcript(i: number): string {
  const out: string[] = [];
  let x = i * 2654435761;
  while (out.join(" ").length < 600) {
    x = (x * 1103515245 + 12345) >>> 0;
    out.push(WORDS[x % WORDS.length]!);
  }
  return out.join(" ") + ".";
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

type JsonAnswer = { status: number; json: any };

/** Reads an answer whole and parses it, as a client does with either API's answer. */
function readJson(res: http.IncomingMessage, resolve: (a: JsonAnswer) => void, reject: (e: Error) => void): void {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => {
    const text = Buffer.concat(chunks).toString();
    try {
      resolve({ status: res.statusCode!, json: JSON.parse(text) });
    } catch {
      resolve({ status: res.statusCode!, json: text });
    }
  });
  res.on("error", reject);
}

/** A JSON-RPC POST to /mcp as an MCP client sends it; the parsed answer. */
function mcpPost(url: string, token: string, body: unknown): Promise<JsonAnswer> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers = {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
      "content-length": Buffer.byteLength(data),
    };
    const req = http.request(url, { method: "POST", agent, headers }, (res) => readJson(res, resolve, reject));
    req.on("error", reject);
    req.end(data);
  });
}

/** A GET of the app's API on the same kind of connection; the parsed answer. */
function apiGet(url: string, headers: Record<string, string>): Promise<JsonAnswer> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent, headers }, (res) => readJson(res, resolve, reject)).on("error", reject);
  });
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `vj_bench_mcp_${process.pid}`;
  await admin.query(`create database ${dbName}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  const url = u.toString();
  const api = await startCompiledApi({ DATABASE_URL: url, WEB_DIST: "/nonexistent", MCP_RATE_LIMIT_PER_MINUTE: "100000000" });
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on("error", () => {});
  try {
    const account = await benchAccount(api.url);
    console.error(`inserting ${NOTES.toLocaleString("en")} notes…`);
    for (let start = 0; start < NOTES; start += 1000) {
      const idx = Array.from({ length: Math.min(1000, NOTES - start) }, (_, k) => start + k);
      const at = idx.map((i) => new Date(FIRST + Math.floor((((i * 7919) % 100_000) / 100_000) * SPAN) + (i % 1000)));
      await pool.query(
        `insert into voice_notes (user_id, domain_id, title, transcription, duration, is_transcribed, is_transcribing, created_at)
         select $1::uuid, $2::uuid, t.title, t.text, 60, true, false, t.at from unnest($3::int[], $4::text[], $5::text[], $6::timestamptz[]) as t(i, title, text, at)`,
        [account.userId, account.domainId, idx, idx.map((i) => `Walk number ${i}`), idx.map(transcript), at],
      );
    }
    await pool.query("analyze voice_notes");
    const count = (await pool.query<{ n: string }>("select count(*) as n from voice_notes")).rows[0]!.n;

    const created = await fetch(`${api.url}/api/assistants/tokens`, {
      method: "POST",
      headers: { ...account.auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Benchmark" }),
    });
    const { token } = (await created.json()) as { token: string };
    const mcp = `${api.url}/mcp`;
    const init = await mcpPost(mcp, token, { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1" } } });
    if (init.status !== 200) throw new Error(`initialize: ${init.status} ${JSON.stringify(init.json)}`);
    const tool = (name: string, args: Record<string, unknown>) => async () => {
      const res = await mcpPost(mcp, token, { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } });
      if (res.status !== 200 || res.json.result?.isError) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
    };
    const get = (path: string) => async () => {
      const res = await apiGet(`${api.url}${path}`, account.auth);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    };
    const cases = [
      {
        name: "search 'heron', 10 hits",
        mcp: tool("search_journal", { query: "heron", limit: 10 }),
        api: get(`/api/search?q=heron&limit=10`),
      },
      {
        name: "search 'garden water', 10 hits",
        mcp: tool("search_journal", { query: "garden water", limit: 10 }),
        api: get(`/api/search?q=${encodeURIComponent("garden water")}&limit=10`),
      },
      {
        name: "notes of March 2025, 25 per page",
        mcp: tool("list_notes", { from: "2025-03-01", to: "2025-03-31", limit: 25 }),
        api: get(`/api/voice-notes?period=month&periodKey=2025-03&tz=UTC&limit=25`),
      },
      {
        name: "notes of 12 March 2025, 25 per page",
        mcp: tool("list_notes", { from: "2025-03-12", to: "2025-03-12", limit: 25 }),
        api: get(`/api/voice-notes?period=day&periodKey=2025-03-12&tz=UTC&limit=25`),
      },
      {
        name: "list_collections (the MCP envelope alone) vs /api/domains",
        mcp: tool("list_collections", {}),
        api: get(`/api/domains`),
      },
    ];
    // Warm the server's code first.
    for (const c of cases) {
      await closedLoop(c.mcp, { seconds: 1, concurrency: CONCURRENCY });
      await closedLoop(c.api, { seconds: 1, concurrency: CONCURRENCY });
    }
    // The server's own CPU per request: what each way costs it, whatever else the two cores run.
    const cpu = async () => ({ api: processCpuSeconds(api.child.pid!) });
    const rows: (string | number)[][] = [
      ["case", "/mcp req/s", "/mcp p50", "/mcp p99", "/mcp CPU", "/api req/s", "/api p50", "/api p99", "/api CPU", "p50 mcp/api", "p99 mcp/api", "CPU mcp/api"],
    ];
    for (const c of cases) {
      const m: LoadResult = await closedLoop(c.mcp, { seconds: SECONDS, concurrency: CONCURRENCY, cpu });
      const a: LoadResult = await closedLoop(c.api, { seconds: SECONDS, concurrency: CONCURRENCY, cpu });
      const [mc, ac] = [m.cpuMsPerOp.api!, a.cpuMsPerOp.api!];
      const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}×`;
      rows.push([c.name, m.rps.toFixed(0), ms(m.p50), ms(m.p99), `${mc.toFixed(2)} ms`, a.rps.toFixed(0), ms(a.p50), ms(a.p99), `${ac.toFixed(2)} ms`, ratio(m.p50, a.p50), ratio(m.p99, a.p99), ratio(mc, ac)]);
    }
    console.log(`\n/mcp tools vs the app's API, ${Number(count).toLocaleString("en")} notes in the account (${CONCURRENCY} concurrent callers, ${SECONDS} s each, keep-alive)\n${machineNote()}\n`);
    printTable(rows);
  } finally {
    await pool.end();
    await api.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

await main();
