/**
 * Calendar and On This Day benchmark (not a test): GET /api/calendar and GET /api/on-this-day for
 * an account of 100k notes on PostgreSQL, through the compiled server in its own process, beside
 * the bare statements the repository runs for them (through a pg Pool from here, as the server's
 * repository sends them). Notes are ten minutes apart from 2024-01-01 (journal-corpus.ts), so the
 * account has written every day for 694 days: the streak's loose index scan takes 694 steps and
 * a month holds about 4,460 notes. Prints p50 and p99 with one caller (the latency of one
 * request, unqueued) and the month count's plan.
 *
 *   cd api && npx tsx bench/calendar.ts [seconds=5] [notes=100000]
 *   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/test; a scratch
 *   database is created beside it and dropped at the end)
 */
import { addDaysToKey, periodRange } from "@vj/core";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { DB } from "../src/db/schema.js";
import { journalDaysRepository } from "../src/repositories/journal-days.js";
import { insertNotes, withDatabase } from "./journal-corpus.js";
import { benchAccount, closedLoop, httpGet, machineNote, ms, printTable, startCompiledApi } from "./support.js";

const SECONDS = Number(process.argv[2] ?? 5);
const NOTES = Number(process.argv[3] ?? 100_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TZ = "Europe/Berlin";
const MONTH = "2025-06";
const DATE = "2025-06-15";

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `vj_bench_calendar_${process.pid}`;
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(ADMIN_URL, dbName);
  const api = await startCompiledApi({ DATABASE_URL: url, WEB_DIST: "/nonexistent" });
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("error", () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    const account = await benchAccount(api.url);
    console.error(`inserting ${NOTES.toLocaleString("en")} notes…`);
    await insertNotes(pool, account.userId, account.domainId, 0, NOTES);
    const last = await pool.query<{ at: Date }>("select max(created_at) as at from voice_notes");
    console.error(`notes from 2024-01-01 to ${last.rows[0]!.at.toISOString()}`);

    const repo = journalDaysRepository(db);
    const month = periodRange("month", MONTH, TZ);
    // The calendar's "today" is now, after the last note: the streak walks every written day back.
    const tomorrow = periodRange("day", addDaysToKey(new Date().toISOString().slice(0, 10), 1), TZ).start;
    const days = await repo.daysWithNotes(account.userId, { before: tomorrow, tz: TZ });
    const look = { ranges: [periodRange("day", "2025-05-15", TZ), periodRange("day", "2024-06-15", TZ)], tz: TZ, perDay: 3 };
    const cases: { name: string; op: () => Promise<unknown> }[] = [
      { name: `GET /api/calendar?month=${MONTH} (one collection)`, op: () => httpGet(`${api.url}/api/calendar?month=${MONTH}&tz=${TZ}&domainId=${account.domainId}`, account.auth) },
      { name: `GET /api/calendar?month=${MONTH} (all collections)`, op: () => httpGet(`${api.url}/api/calendar?month=${MONTH}&tz=${TZ}`, account.auth) },
      { name: "  SQL: the month's notes per local day", op: () => repo.countByDay(account.userId, { ...month, tz: TZ, domainId: account.domainId }) },
      { name: `  SQL: the days written, for the streaks (${days.length} days)`, op: () => repo.daysWithNotes(account.userId, { before: tomorrow, tz: TZ, domainId: account.domainId }) },
      { name: `GET /api/on-this-day?date=${DATE}`, op: () => httpGet(`${api.url}/api/on-this-day?date=${DATE}&tz=${TZ}`, account.auth) },
      { name: "  SQL: the first note", op: () => repo.firstNoteAt(account.userId) },
      { name: "  SQL: the notes of a month and a year back", op: () => repo.notesOfDays(account.userId, look) },
    ];
    const check = await httpGet(`${api.url}/api/calendar?month=${MONTH}&tz=${TZ}`, account.auth);
    if (check.status !== 200) throw new Error(`calendar answered ${check.status}`);
    const rows: (string | number)[][] = [["case", "p50", "p99", "req/s"]];
    for (const c of cases) {
      const r = await closedLoop(c.op, { seconds: SECONDS, concurrency: 1 });
      rows.push([c.name, ms(r.p50), ms(r.p99), r.rps.toFixed(0)]);
    }
    console.log(`\nCalendar and On This Day at ${NOTES.toLocaleString("en")} notes in one account, PostgreSQL, one caller, ${SECONDS} s each (tz ${TZ})\n${machineNote()}\n`);
    printTable(rows);
    const plan = await sql<{ "QUERY PLAN": string }>`explain (analyze, buffers off, costs off, timing off)
      select to_char(created_at at time zone ${TZ}, 'YYYY-MM-DD'), count(*), sum(duration) from voice_notes
      where user_id = ${account.userId} and domain_id = ${account.domainId} and created_at >= ${month.start} and created_at < ${month.end} group by 1`.execute(db);
    console.log(`\nThe month count's plan:\n${plan.rows.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}\n`);
  } finally {
    await api.stop();
    await db.destroy();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

await main();
