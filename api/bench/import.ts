/**
 * Import benchmark (not a test): POST /api/import's restore of a journal of N notes (a few with
 * a recording), in one transaction (as it was) and in batches of IMPORT_NOTES_PER_BATCH (as it
 * is), on PostgreSQL. Prints the whole restore's time and the longest single transaction (the
 * longest any row lock or snapshot is held), and the time of importing the same file again
 * (which adds nothing).
 *
 *   cd api && npx tsx bench/import.ts [notes=5000]
 *   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/test)
 */
import { JOURNAL_EXPORT_FORMAT, JOURNAL_EXPORT_VERSION, type JournalExport } from "@vj/core";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../src/config.js";
import { openPostgres } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { createLogger } from "../src/logger.js";
import { importJournal, IMPORT_NOTES_PER_BATCH } from "../src/portability/import.js";
import type { ServiceContext } from "../src/services/context.js";
import { createBlobStore } from "../src/storage/index.js";
import { makeZip } from "../test/support/zip.js";
import { withDatabase } from "./journal-corpus.js";
import { machineNote, printTable } from "./support.js";

const NOTES = Number(process.argv[2] ?? 5000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const webm = fs.readFileSync(path.resolve(import.meta.dirname, "../test/fixtures/note.webm"));

const name = `vj_bench_import_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-bench-import-"));
const database = openPostgres(withDatabase(ADMIN_URL, name), 5);
try {
  await migrateToLatest(database);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", AUTH_JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256" });
  const blobs = createBlobStore(config);
  await blobs.prepare();
  const ctx = { db: database.db, blobs, config, logger: createLogger("silent") } as unknown as ServiceContext;
  const journal: JournalExport = {
    format: JOURNAL_EXPORT_FORMAT,
    version: JOURNAL_EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    collections: [
      {
        id: "c", name: "Home", slug: "home", description: null, primaryColor: "#2563eb", isDefault: true, createdAt: "2026-01-01T00:00:00.000Z",
        summaryTypes: [], summaries: [],
        notes: Array.from({ length: NOTES }, (_, i) => ({
          id: `n${i}`, clientId: `c${i}`, title: `Note ${i}`, transcription: `Words of note ${i}. `.repeat(20), transcriptionError: null,
          createdAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(), duration: 60, markdown: `notes/${i}.md`,
          audio: i % 50 === 0 ? { file: `audio/${i}.webm`, mimeType: "audio/webm", bytes: webm.length } : null,
        })),
      },
    ],
  };
  const zipFile = path.join(dataDir, "journal.zip");
  const audio = journal.collections[0]!.notes.filter((n) => n.audio).map((n) => ({ name: n.audio!.file, data: webm }));
  fs.writeFileSync(zipFile, await makeZip([{ name: "journal.json", data: JSON.stringify(journal) }, ...audio]));

  // The longest transaction: timed around each one the restore opens.
  let longest = 0;
  const transaction = database.db.transaction.bind(database.db);
  (database.db as { transaction: unknown }).transaction = () => {
    const builder = transaction();
    return {
      execute: async <T>(fn: (trx: unknown) => Promise<T>) => {
        const started = performance.now();
        try {
          return await builder.execute(fn as never);
        } finally {
          longest = Math.max(longest, performance.now() - started);
        }
      },
    };
  };
  const rows: (string | number)[][] = [["restore", "notes", "whole import", "longest transaction", "again (adds nothing)"]];
  for (const [label, batch] of [["one transaction (before)", Number.MAX_SAFE_INTEGER], [`batches of ${IMPORT_NOTES_PER_BATCH} (now)`, IMPORT_NOTES_PER_BATCH]] as const) {
    const created = await database.db.insertInto("users").values({ email: `${label.length}-${Date.now()}@example.com`, password_hash: null, first_name: null, last_name: null, profile_image_url: null, email_confirmed_at: new Date() }).returning("id").executeTakeFirstOrThrow();
    longest = 0;
    let started = performance.now();
    const first = await importJournal(ctx, created.id, zipFile, batch);
    const whole = performance.now() - started;
    const held = longest;
    started = performance.now();
    const again = await importJournal(ctx, created.id, zipFile, batch);
    const second = performance.now() - started;
    if (first.notes.imported !== NOTES || again.notes.existing !== NOTES) throw new Error("the import did not restore every note once");
    rows.push([label, NOTES, `${(whole / 1000).toFixed(2)} s`, `${(held / 1000).toFixed(2)} s`, `${(second / 1000).toFixed(2)} s`]);
  }
  console.log(`Import of ${NOTES} notes (${audio.length} with a recording), PostgreSQL; ${machineNote()}`);
  printTable(rows);
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
