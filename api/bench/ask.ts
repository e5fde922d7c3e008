/**
 * Ask benchmark (not a test): time to the first streamed byte of POST /api/chat with
 * an instant model (the OpenAI-compatible test server answers at once), for one collection of
 * 10,000 and of 100,000 notes on PostgreSQL, beside the search statement alone (the retrieval's
 * bare SQL). What Ask adds before the model is called — the scope checks, retrieval through the
 * search module, packing into the budget — is the difference. The compiled server runs in its
 * own process, as in production.
 *
 *   cd api && npx tsx bench/ask.ts [requests=30] [sizes=10000,100000]
 *   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/test)
 */
import http from "node:http";
import pg from "pg";
import { Kysely, PostgresDialect } from "kysely";
import { questionWords } from "../src/chat/sources.js";
import type { DB } from "../src/db/schema.js";
import { searchStatement } from "../src/repositories/search.js";
import { parseQueryTerms } from "../src/search/query-terms.js";
import { startOpenAITestServer } from "../test/support/openai-server.js";
import { VOCABULARY, insertNotes, withDatabase } from "./journal-corpus.js";
import { benchAccount, machineNote, ms, printTable, startCompiledApi } from "./support.js";

const REQUESTS = Number(process.argv[2] ?? 30);
const SIZES = (process.argv[3] ?? "10000,100000").split(",").map(Number);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Milliseconds until the first byte of the answer's body (the first SSE event) arrives. */
function firstByte(url: string, token: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(url, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}`));
      res.once("data", () => resolve(performance.now() - started));
      res.resume();
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function main() {
  const model = await startOpenAITestServer();
  model.chatContent = () => "An instant answer [1].";
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `vj_bench_ask_${process.pid}`;
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(ADMIN_URL, dbName);
  const api = await startCompiledApi({
    DATABASE_URL: url,
    WEB_DIST: "/nonexistent",
    SUMMARY_ENGINE: "openai",
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_API_KEY: "bench",
    CHAT_RATE_LIMIT: "100000",
  });
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on("error", () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const rows: (string | number)[][] = [["notes", "question", "Ask: first byte p50", "p90", "search statement p50", "p90", "Ask adds (p50)"]];
  try {
    const account = await benchAccount(api.url);
    const auth = account.auth;
    const questions = [
      { name: "two subject words", text: `What did I say about ${VOCABULARY[300]} and ${VOCABULARY[900]}?` },
      { name: "nothing matches", text: "How was my week?" },
    ];
    let inserted = 0;
    for (const size of SIZES) {
      console.error(`notes up to ${size.toLocaleString("en")}…`);
      await insertNotes(pool, account.userId, account.domainId, inserted, size);
      inserted = size;
      for (const q of questions) {
        const body = { question: q.text, domainId: account.domainId };
        for (let i = 0; i < 3; i++) await firstByte(`${api.url}/api/chat`, account.token, body); // warm-up
        const ask: number[] = [];
        for (let i = 0; i < REQUESTS; i++) ask.push(await firstByte(`${api.url}/api/chat`, account.token, body));
        const words = questionWords(q.text);
        const terms = parseQueryTerms(words);
        const compiled = searchStatement({ userId: account.userId, terms: [...terms.terms, ...(terms.prefix ? [terms.prefix] : [])], prefix: null, match: "all", domainId: account.domainId, limit: 40 }).compile(db);
        const bare: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const t = performance.now();
          if (words) await pool.query(compiled.sql, compiled.parameters as unknown[]);
          bare.push(performance.now() - t);
        }
        rows.push([size.toLocaleString("en"), q.name, ms(quantile(ask, 0.5)), ms(quantile(ask, 0.9)), words ? ms(quantile(bare, 0.5)) : "—", words ? ms(quantile(bare, 0.9)) : "—", ms(quantile(ask, 0.5) - (words ? quantile(bare, 0.5) : 0))]);
      }
    }
    console.log(`\nPOST /api/chat, time to the first streamed byte with an instant model (${REQUESTS} sequential questions each)\n${machineNote()}\n`);
    printTable(rows);
  } finally {
    await api.stop();
    await db.destroy();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    await model.close();
  }
}

await main();
