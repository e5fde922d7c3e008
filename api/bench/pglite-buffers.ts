/**
 * PGlite's shared_buffers benchmark (not a test): the start of the embedded database
 * and the cost of the app's queries for each page-cache size. PostgreSQL zeroes its whole
 * shared_buffers at every start, so a large one slows the start; a small one makes queries read
 * pages from the data dir's files (in the OS's cache) more often. Each size opens the same warm
 * data dir, NOTES notes of ~150 words, in a fresh process, RUNS times in turns, and times:
 * open to the first answer; 200 searches (the search screen's statement, words from common to
 * rare); 100 month lists; 300 single-note inserts with their search index. Medians.
 *
 *   cd api && npx tsx bench/pglite-buffers.ts [runs=5] [notes=20000] [sizes=400kB,16MB,128MB]
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openPglite } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { searchStatement } from "../src/repositories/search.js";
import { VOCABULARY, randomWord, transcript } from "./journal-corpus.js";
import { machineNote, ms, printTable } from "./support.js";

const argv = process.argv.slice(2);

async function seed(dataDir: string, notes: number): Promise<void> {
  const database = await openPglite({ dataDir });
  try {
    await migrateToLatest(database);
    const db = database.db;
    const user = (await sql<{ id: string }>`INSERT INTO users (email) VALUES ('bench@example.com') RETURNING id`.execute(db)).rows[0]!.id;
    await sql`INSERT INTO domains (user_id, name, slug, is_default) VALUES (${user}, 'Journal', 'journal', true)`.execute(db);
    for (let start = 0; start < notes; start += 1000) {
      const idx = Array.from({ length: Math.min(1000, notes - start) }, (_, k) => start + k);
      await sql`INSERT INTO voice_notes (user_id, domain_id, title, transcription, duration, is_transcribed, created_at)
        SELECT ${user}, d.id, t.title, t.text, 60, true, '2024-01-01'::timestamptz + make_interval(mins => t.i * 10)
        FROM domains d, unnest(${idx}::int[], ${idx.map(transcript)}::text[], ${idx.map((i) => `${randomWord((i * 0.618) % 1)} note`)}::text[]) AS t(i, text, title)
        WHERE d.user_id = ${user}`.execute(db);
    }
    await sql`VACUUM ANALYZE voice_notes`.execute(db);
  } finally {
    await database.close();
  }
}

/** One process's run: prints {open, search, list, insert} in ms. */
async function child(dataDir: string, sharedBuffers: string): Promise<void> {
  const t0 = performance.now();
  const database = await openPglite({ dataDir, sharedBuffers });
  const db = database.db;
  const { id: userId, domain: domainId } = (
    await sql<{ id: string; domain: string }>`SELECT u.id, d.id AS domain FROM users u JOIN domains d ON d.user_id = u.id LIMIT 1`.execute(db)
  ).rows[0]!;
  const open = performance.now() - t0;
  const timed = async (run: (i: number) => Promise<unknown>, n: number) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) await run(i);
    return performance.now() - start;
  };
  const search = await timed((i) => searchStatement({ userId, terms: [VOCABULARY[(i * 23) % VOCABULARY.length]!], prefix: null, match: "all", limit: 20 }).execute(db), 200);
  const list = await timed((i) => {
    const start = new Date(Date.UTC(2024, i % 4, 1));
    const end = new Date(Date.UTC(2024, (i % 4) + 1, 1));
    return sql`SELECT id, title, transcription FROM voice_notes WHERE user_id = ${userId} AND created_at >= ${start} AND created_at < ${end} ORDER BY created_at DESC, id DESC`.execute(db);
  }, 100);
  const insert = await timed(
    (i) => sql`INSERT INTO voice_notes (user_id, domain_id, title, transcription, duration, is_transcribed) VALUES (${userId}, ${domainId}, 'Bench', ${transcript(1e6 + i)}, 60, true)`.execute(db),
    300,
  );
  await sql`DELETE FROM voice_notes WHERE title = 'Bench'`.execute(db);
  await database.close();
  console.log(JSON.stringify({ open, search, list, insert }));
}

async function main(): Promise<void> {
  const runs = Number(argv[0] ?? 5);
  const notes = Number(argv[1] ?? 20_000);
  const sizes = (argv[2] ?? "400kB,16MB,128MB").split(",");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-bench-buffers-"));
  try {
    console.error(`seeding ${notes.toLocaleString("en")} notes…`);
    await seed(path.join(dir, "db"), notes);
    const results = new Map(sizes.map((s) => [s, [] as Record<string, number>[]]));
    for (let r = 0; r < runs; r++) {
      for (const size of sizes) {
        const out = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, "child", path.join(dir, "db"), size], { encoding: "utf8" });
        if (out.status !== 0) throw new Error(out.stderr);
        results.get(size)!.push(JSON.parse(out.stdout.trim().split("\n").at(-1)!));
      }
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const rows: (string | number)[][] = [["shared_buffers", "open", "200 searches", "100 month lists", "300 inserts"]];
    for (const [size, rs] of results) rows.push([size, ...["open", "search", "list", "insert"].map((k) => ms(median(rs.map((x) => x[k]!))))]);
    console.log(`\nPGlite, ${notes.toLocaleString("en")} notes, median of ${runs} (each run a fresh process) — ${machineNote()}`);
    printTable(rows);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (argv[0] === "child") await child(argv[1]!, argv[2]!);
else await main();
