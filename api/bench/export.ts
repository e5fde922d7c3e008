/**
 * Export benchmark (not a test): GET /api/export of a journal holding 1 GB of audio
 * (100 recordings of 10 MB), streamed by the compiled server in its own process on PostgreSQL.
 * Prints the server's RSS before and at its peak during the export (sampled every 50 ms from /proc),
 * the throughput, and beside it `zip -0` (store only, as the export stores audio) of the same
 * files on disk.
 *
 *   cd api && npx tsx bench/export.ts [recordings=100] [mbEach=10]
 *
 * With `notes`, a journal of transcribed notes without audio instead (written straight into the
 * database), to see that the rows' text is streamed too: the RSS growth stays flat as notes grow.
 *
 *   cd api && npx tsx bench/export.ts notes [notes=100000] [charsEach=600]
 *   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/test)
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { withDatabase } from "./journal-corpus.js";
import { benchAccount, machineNote, printTable, startCompiledApi } from "./support.js";

const NOTES_MODE = process.argv[2] === "notes";
const args = NOTES_MODE ? process.argv.slice(3) : process.argv.slice(2);
const RECORDINGS = Number(args[0] ?? (NOTES_MODE ? 100_000 : 100));
const MB_EACH = Number(args[1] ?? (NOTES_MODE ? 600 : 10));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The process's resident memory, or 0 once it has exited (its status no longer names one). */
function rssMb(pid: number): number {
  let status = "";
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return 0;
  }
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : 0;
}

/** A WebM-looking file (the upload checks the first bytes) of random, incompressible bytes. */
function recording(bytes: number): Buffer {
  const buf = crypto.randomBytes(bytes);
  buf.set([0x1a, 0x45, 0xdf, 0xa3], 0);
  return buf;
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `vj_bench_export_${process.pid}`;
  await admin.query(`create database ${dbName}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-export-bench-"));
  const api = await startCompiledApi({ DATABASE_URL: withDatabase(ADMIN_URL, dbName), WEB_DIST: "/nonexistent", DATA_DIR: path.join(dir, "data"), MAX_AUDIO_BYTES: String(MB_EACH * 2 * 1024 ** 2) });
  try {
    const { auth, domainId, userId } = await benchAccount(api.url);
    const files = path.join(dir, "files");
    fs.mkdirSync(files);
    if (NOTES_MODE) {
      console.error(`writing ${RECORDINGS} transcribed notes of ${MB_EACH} characters…`);
      const db = new pg.Client({ connectionString: withDatabase(ADMIN_URL, dbName) });
      await db.connect();
      // Words of a spoken note, different in each (a journal does not compress to nothing).
      await db.query(
        `INSERT INTO voice_notes (user_id, domain_id, title, transcription, duration, is_transcribed, is_transcribing, created_at)
         SELECT $1, $2, 'Note ' || g, left(repeat(md5(g::text) || ' walked along the river and thought about the week ahead ', $4 / 60 + 1), $4),
                60, true, false, now() - (g || ' minutes')::interval
         FROM generate_series(1, $3) AS g`,
        [userId, domainId, RECORDINGS, MB_EACH],
      );
      await db.end();
    }
    if (!NOTES_MODE) console.error(`uploading ${RECORDINGS} recordings of ${MB_EACH} MB…`);
    for (let i = 0; !NOTES_MODE && i < RECORDINGS; i++) {
      const bytes = recording(MB_EACH * 1024 ** 2);
      fs.writeFileSync(path.join(files, `note-${i}.webm`), bytes);
      const form = new FormData();
      form.append("title", `Recording ${i}`);
      form.append("duration", "600");
      form.append("domainId", domainId);
      form.append("audio", new Blob([bytes], { type: "audio/webm" }), "recording.webm");
      const res = await fetch(`${api.url}/api/voice-notes`, { method: "POST", headers: auth, body: form });
      if (res.status !== 201) throw new Error(`upload ${i}: HTTP ${res.status} ${await res.text()}`);
    }
    const pid = api.child.pid!;
    await new Promise((r) => setTimeout(r, 1000));
    global.gc?.();
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const started = performance.now();
    const bytes = await new Promise<number>((resolve, reject) => {
      http.get(`${api.url}/api/export`, { headers: auth }, (res) => {
        let n = 0;
        res.on("data", (c: Buffer) => (n += c.length));
        res.on("end", () => resolve(n));
        res.on("error", reject);
      });
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const mb = (n: number) => `${(n / 1024 ** 2).toFixed(0)} MB`;
    if (NOTES_MODE) {
      console.log(`\nGET /api/export of ${RECORDINGS} transcribed notes of ${MB_EACH} characters, no audio (PostgreSQL)\n${machineNote()}\n`);
      printTable([
        ["", "zip size", "seconds", "server RSS before", "server RSS peak", "RSS growth"],
        ["GET /api/export", mb(bytes), seconds.toFixed(1), `${before.toFixed(0)} MB`, `${peak.toFixed(0)} MB`, `${(peak - before).toFixed(0)} MB`],
      ]);
      return;
    }
    const zipOut = path.join(dir, "zip0.zip");
    const zipStarted = performance.now();
    execFileSync("zip", ["-0", "-q", "-r", zipOut, "."], { cwd: files });
    const zipSeconds = (performance.now() - zipStarted) / 1000;
    const zipBytes = fs.statSync(zipOut).size;
    console.log(`\nGET /api/export of ${RECORDINGS} recordings × ${MB_EACH} MB (PostgreSQL, audio on local files)\n${machineNote()}\n`);
    printTable([
      ["", "zip size", "seconds", "MB/s", "server RSS before", "server RSS peak", "RSS growth"],
      ["GET /api/export", mb(bytes), seconds.toFixed(1), (bytes / 1024 ** 2 / seconds).toFixed(0), `${before.toFixed(0)} MB`, `${peak.toFixed(0)} MB`, `${(peak - before).toFixed(0)} MB`],
      ["zip -0 (same files)", mb(zipBytes), zipSeconds.toFixed(1), (zipBytes / 1024 ** 2 / zipSeconds).toFixed(0), "", "", ""],
    ]);
  } finally {
    await api.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
