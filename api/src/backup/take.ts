import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql } from "kysely";
import type { Database } from "../db/database.js";
import { SETTINGS_KEY_FILE } from "../instance/secret-box.js";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupName,
  DATABASE_FILE,
  listBackups,
  MANIFEST,
  PARTIAL_PREFIX,
  readManifest,
  type BackupFile,
  type BackupManifest,
} from "./format.js";

/** DATA_DIR's files that a restored instance needs to read its own data: the signing key, the settings key. */
export const DATA_DIR_KEYS = ["auth-jwt-secret", SETTINGS_KEY_FILE];

export interface BackupSource {
  database: Database;
  dataDir: string;
  /** Holds audio deletions while the audio is copied (backup/hold.ts); absent when nothing else runs. */
  holdDeletes?: () => () => Promise<void>;
}

export interface TakenBackup {
  path: string;
  name: string;
  at: string;
  bytes: number;
  notes: number;
  audioFiles: number;
}

/**
 * Takes a consistent backup of the embedded default while the app runs (DESIGN §16): the
 * database as PGlite dumps it between two statements (its WAL makes it a crash-consistent
 * copy, which PostgreSQL recovers on open), then every audio file, with deletions held so that
 * every note in the dump still has its file. Recordings uploaded meanwhile may come along
 * without a row; a restored instance's crash sweep removes them. Audio a previous backup in the
 * same folder already holds is hard-linked from it (a key's bytes never change), so a daily
 * backup costs the new recordings only. Keeps the newest `keep` backups.
 */
export async function takeBackup(source: BackupSource, backupDir: string, keep?: number): Promise<TakenBackup> {
  const { database, dataDir } = source;
  if (!database.dumpDataDir) throw new Error("Only the embedded database (PGlite) is backed up this way: use pg_dump for PostgreSQL.");
  fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const now = new Date();
  const name = backupName(now);
  const staging = path.join(backupDir, `${PARTIAL_PREFIX}${name}`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { mode: 0o700 });
  const previousName = listBackups(backupDir).at(-1);
  const previous = previousName ? previousAudio(path.join(backupDir, previousName)) : new Map<string, BackupFile>();
  const release = source.holdDeletes?.();
  try {
    const counts = await sql<{ notes: number; accounts: number }>`
      SELECT (SELECT count(*) FROM voice_notes)::int AS notes, (SELECT count(*) FROM users)::int AS accounts`.execute(database.db);
    const migrations = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(database.db);
    // Flushed first: the copy then needs little recovery when it is opened.
    await sql`CHECKPOINT`.execute(database.db);
    const dump = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
    fs.writeFileSync(path.join(staging, DATABASE_FILE), dump, { mode: 0o600 });
    const keys: BackupFile[] = [];
    for (const key of DATA_DIR_KEYS) {
      const from = path.join(dataDir, key);
      if (fs.existsSync(from)) keys.push(await copyHashed(from, staging, `data/${key}`));
    }
    const audio: BackupFile[] = [];
    for (const key of audioKeys(path.join(dataDir, "audio"))) {
      const rel = `audio/${key}`;
      const from = path.join(dataDir, "audio", key);
      const before = previous.get(rel);
      const linked = before && fs.statSync(from).size === before.bytes && linkFrom(path.join(backupDir, previousName!, rel), path.join(staging, rel));
      audio.push(linked ? before : await copyHashed(from, staging, rel));
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      migrations: migrations.rows.map((r) => r.name),
      notes: counts.rows[0]!.notes,
      accounts: counts.rows[0]!.accounts,
      database: { path: DATABASE_FILE, bytes: dump.length, sha256: sha256(dump) },
      keys,
      audio,
    };
    // The manifest last: a folder without one is not a backup.
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 1), { mode: 0o600 });
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  } finally {
    await release?.();
  }
  const final = path.join(backupDir, name);
  fs.renameSync(staging, final);
  if (keep !== undefined) {
    for (const old of listBackups(backupDir).slice(0, -keep)) fs.rmSync(path.join(backupDir, old), { recursive: true, force: true });
  }
  const manifest = readManifest(final);
  return {
    path: final,
    name,
    at: manifest.createdAt,
    bytes: [manifest.database, ...manifest.keys, ...manifest.audio].reduce((n, f) => n + f.bytes, 0),
    notes: manifest.notes,
    audioFiles: manifest.audio.length,
  };
}

const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

/** Every audio key under the store's folder (its upload temporaries left out). */
function* audioKeys(root: string): Generator<string> {
  const entries = fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }) : [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!key.startsWith(".tmp/")) yield key;
  }
}

function previousAudio(folder: string): Map<string, BackupFile> {
  try {
    return new Map(readManifest(folder).audio.map((f) => [f.path, f]));
  } catch {
    return new Map();
  }
}

function linkFrom(from: string, to: string): boolean {
  try {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.linkSync(from, to);
    return true;
  } catch {
    return false; // another filesystem, or the previous backup went meanwhile: copied instead
  }
}

/** Copies `from` to `folder/rel` while hashing it, in one read. */
export async function copyHashed(from: string, folder: string, rel: string): Promise<BackupFile> {
  const to = path.join(folder, rel);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  await pipeline(
    fs.createReadStream(from),
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    },
    fs.createWriteStream(to, { mode: 0o600 }),
  );
  return { path: rel, bytes, sha256: hash.digest("hex") };
}
