/**
 * Search benchmark (not a test): GET /api/search on PostgreSQL for one account with
 * 100k notes of about 150 spoken-style words each, through the compiled server in its own process,
 * beside the bare SQL statement the search repository sends (searchStatement), through a pg Pool of
 * the server's size. Prints p50, p99 and requests per second for a one-word, a three-word, a
 * phrase and a prefix query, the number of notes each matches, and the plan of each statement
 * (the GIN index on search_vector).
 *
 * The transcripts draw their words from a Zipf-distributed vocabulary of 5,000 words (as speech
 * does: a few words everywhere, most words rare), so a query's cost follows how many notes it
 * matches, as it would for a real journal.
 *
 *   cd api && npx tsx bench/search.ts [seconds=5] [concurrency=4] [notes=100000]
 *
 * Many accounts: one person with 2,000 notes alone, then the same person among 300
 * accounts of 2,000 notes each (600,000 notes; the others' notes are made with set-based SQL,
 * copies of the person's own texts under other accounts, so every word is as common elsewhere as
 * it is for the person). p50/p99 of the search statement for a common, a mid and a rare word of
 * that person, alone and shared, one caller at a time. Goal: shared within 1.5× of alone.
 *
 *   cd api && npx tsx bench/search.ts accounts [seconds=5] [accounts=300] [notes per account=2000]
 *   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/test; a scratch
 *   database is created beside it and dropped at the end)
 */
import pg from "pg";
import { Kysely, PostgresDialect } from "kysely";
import type { DB } from "../src/db/schema.js";
import { searchStatement } from "../src/repositories/search.js";
import { parseQueryTerms } from "../src/search/query-terms.js";
import { VOCABULARY, insertNotes, withDatabase } from "./journal-corpus.js";
import { benchAccount, closedLoop, httpGet, machineNote, ms, printTable, startCompiledApi } from "./support.js";

const SECONDS = Number(process.argv[2] ?? 5);
const CONCURRENCY = Number(process.argv[3] ?? 4);
const NOTES = Number(process.argv[4] ?? 100_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function main() {
  if (process.argv[2] === "accounts") return manyAccounts();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `vj_bench_search_${process.pid}`;
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(ADMIN_URL, dbName);
  const api = await startCompiledApi({ DATABASE_URL: url, WEB_DIST: "/nonexistent" });
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("error", () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    const account = await benchAccount(api.url);
    const auth = account.auth;
    console.error(`inserting ${NOTES.toLocaleString("en")} notes…`);
    const started = performance.now();
    await insertNotes(pool, account.userId, account.domainId, 0, NOTES);
    console.error(`  done in ${((performance.now() - started) / 1000).toFixed(0)} s (the trigger indexes each note as it is written)`);

    // Words by rank: rank 300 is in a few per cent of notes, rank 60 in about a fifth.
    const w = (rank: number) => VOCABULARY[rank]!;
    const cases = [
      { name: "one word", q: w(300) },
      { name: "three words", q: `${w(60)} ${w(120)} ${w(200)}` },
      { name: "phrase", q: `"${w(0)} ${w(1)}"` },
      { name: "prefix (typing)", q: `${w(80)} ${w(150).slice(0, 3)}` },
    ];
    const rows: (string | number)[][] = [["query", "q", "notes matched", "API req/s", "API p50", "API p99", "SQL req/s", "SQL p50", "SQL p99", "p99 API/SQL"]];
    const plans: string[] = [];
    await closedLoop(() => httpGet(`${api.url}/api/search?q=${encodeURIComponent(cases[0]!.q)}`, auth), { seconds: 2, concurrency: CONCURRENCY });
    for (const c of cases) {
      const target = `${api.url}/api/search?q=${encodeURIComponent(c.q)}`;
      const first = await httpGet(target, auth);
      if (first.status !== 200) throw new Error(`${c.name}: HTTP ${first.status}`);
      const terms = parseQueryTerms(c.q);
      const compiled = searchStatement({ userId: account.userId, ...terms, match: "all", limit: 20 }).compile(db);
      const counted = searchStatement({ userId: account.userId, ...terms, match: "all", limit: 1_000_000 }).compile(db);
      const matched = (await pool.query(`select count(*)::int as n from (${counted.sql}) x`, counted.parameters as unknown[])).rows[0].n as number;
      const a = await closedLoop(() => httpGet(target, auth), { seconds: SECONDS, concurrency: CONCURRENCY });
      const s = await closedLoop(() => pool.query(compiled.sql, compiled.parameters as unknown[]), { seconds: SECONDS, concurrency: CONCURRENCY });
      rows.push([c.name, c.q, matched.toLocaleString("en"), a.rps.toFixed(0), ms(a.p50), ms(a.p99), s.rps.toFixed(0), ms(s.p50), ms(s.p99), `${(a.p99 / s.p99).toFixed(1)}×`]);
      const explain = await pool.query(`explain (analyze, costs off, buffers off) ${compiled.sql}`, compiled.parameters as unknown[]);
      plans.push(`${c.name} (${c.q}):\n${explain.rows.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`);
    }
    console.log(`\nGET /api/search vs the bare statement, ${NOTES.toLocaleString("en")} notes of ~150 words in one account (${CONCURRENCY} concurrent callers, ${SECONDS} s each, keep-alive)\n${machineNote()}\n`);
    printTable(rows);
    console.log("");
    for (const p of plans) console.log(`${p}\n`);
  } finally {
    await api.stop();
    await db.destroy();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/** The many-accounts mode: see the file's comment. */
async function manyAccounts() {
  const seconds = Number(process.argv[3] ?? 5);
  const accounts = Number(process.argv[4] ?? 300);
  const perAccount = Number(process.argv[5] ?? 2000);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `vj_bench_accounts_${process.pid}`;
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(ADMIN_URL, dbName);
  const api = await startCompiledApi({ DATABASE_URL: url, WEB_DIST: "/nonexistent" });
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on("error", () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    const person = await benchAccount(api.url);
    await insertNotes(pool, person.userId, person.domainId, 0, perAccount);
    // Words of the person's notes by how many of them hold each: the most common, one in the middle, a rare one.
    const freq = await pool.query<{ word: string; n: number }>(
      `select word, ndoc::int as n from ts_stat($$select search_vector from voice_notes where user_id = '${person.userId}'$$) order by ndoc desc, word`,
    );
    const words = freq.rows.filter((r) => /^[a-z]{4,}$/.test(r.word));
    const pick = (share: number) => words.reduce((best, r) => (Math.abs(r.n - share * perAccount) < Math.abs(best.n - share * perAccount) ? r : best));
    const cases = [
      { name: "common", ...pick(0.5) },
      { name: "mid", ...pick(0.05) },
      { name: "rare", ...pick(0.002) },
    ];
    const measure = async () => {
      const out: Record<string, { p50: number; p99: number; matched: number }> = {};
      for (const c of cases) {
        const terms = parseQueryTerms(c.word);
        const compiled = searchStatement({ userId: person.userId, ...terms, match: "all", limit: 20 }).compile(db);
        await closedLoop(() => pool.query(compiled.sql, compiled.parameters as unknown[]), { seconds: 1, concurrency: 1 });
        const r = await closedLoop(() => pool.query(compiled.sql, compiled.parameters as unknown[]), { seconds, concurrency: 1 });
        out[c.name] = { p50: r.p50, p99: r.p99, matched: c.n };
      }
      return out;
    };
    const alone = await measure();

    console.error(`making ${accounts - 1} more accounts of ${perAccount.toLocaleString("en")} notes each (set-based)…`);
    const started = performance.now();
    await pool.query(
      `insert into users (email, password_hash, email_confirmed_at)
       select 'other' || g || '@example.com', null, now() from generate_series(1, $1::int) g`,
      [accounts - 1],
    );
    await pool.query(`insert into domains (user_id, name, slug, is_default) select id, 'Journal', 'journal', true from users where email like 'other%'`);
    const client = await pool.connect();
    try {
      // The person's texts under every other account, their search vectors copied (no trigger per row).
      await client.query("set session_replication_role = replica");
      await client.query(
        `insert into voice_notes (user_id, domain_id, title, transcription, duration, is_transcribed, is_transcribing, created_at, search_vector)
         select d.user_id, d.id, n.title, n.transcription, n.duration, true, false, n.created_at + make_interval(secs => random() * 3600), n.search_vector
         from domains d cross join voice_notes n
         where d.user_id <> $1::uuid and n.user_id = $1::uuid`,
        [person.userId],
      );
      await client.query("set session_replication_role = origin");
    } finally {
      client.release();
    }
    await pool.query("vacuum analyze voice_notes");
    const total = (await pool.query<{ n: number }>("select count(*)::int as n from voice_notes")).rows[0]!.n;
    console.error(`  ${total.toLocaleString("en")} notes in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const shared = await measure();

    const rows: (string | number)[][] = [["word", "q", "person's notes matched", "alone p50", "alone p99", "shared p50", "shared p99", "p50 shared/alone", "p99 shared/alone"]];
    for (const c of cases) {
      const a = alone[c.name]!;
      const s = shared[c.name]!;
      rows.push([c.name, c.word, a.matched.toLocaleString("en"), ms(a.p50), ms(a.p99), ms(s.p50), ms(s.p99), `${(s.p50 / a.p50).toFixed(2)}×`, `${(s.p99 / a.p99).toFixed(2)}×`]);
    }
    console.log(`\nOne person's search (${perAccount.toLocaleString("en")} notes) alone, then among ${accounts} accounts (${total.toLocaleString("en")} notes), the search statement, 1 caller, ${seconds} s each\n${machineNote()}\n`);
    printTable(rows);
    for (const c of cases) {
      const compiled = searchStatement({ userId: person.userId, ...parseQueryTerms(c.word), match: "all", limit: 20 }).compile(db);
      const explain = await pool.query(`explain (analyze, costs off, buffers off) ${compiled.sql}`, compiled.parameters as unknown[]);
      console.log(`\n${c.name} (${c.word}), shared:\n${explain.rows.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`);
    }
  } finally {
    await api.stop();
    await db.destroy();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

await main();
