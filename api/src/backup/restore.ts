import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { openPglite } from "../db/database.js";
import { migrations } from "../db/migrations/index.js";
import { BACKUP_FORMAT, BACKUP_VERSION, MANIFEST, readManifest, type BackupFile, type BackupManifest } from "./format.js";

/** A backup that cannot be restored, and why, in words for the operator. */
export class BackupRefused extends Error {}

const SAFE_PATH = /^(data|audio)\/[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Reads a backup's manifest and checks every file it lists against its size and sha256, before
 * anything is written anywhere. Refuses (BackupRefused, with the reason) a folder that is no
 * backup, one made by a newer version of the app, a file that is missing, changed or truncated,
 * and a path that would leave the target folder.
 */
export async function verifyBackup(folder: string): Promise<BackupManifest> {
  if (!fs.existsSync(path.join(folder, MANIFEST))) throw new BackupRefused(`${folder} is not a backup: it has no ${MANIFEST}`);
  let manifest: BackupManifest;
  try {
    manifest = readManifest(folder);
  } catch (err) {
    throw new BackupRefused(`${MANIFEST} cannot be read: ${(err as Error).message}`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupRefused(`${MANIFEST} is not a Voice Journal backup's`);
  if (manifest.version !== BACKUP_VERSION) throw new BackupRefused(`backup format version ${manifest.version} is not one this version reads (${BACKUP_VERSION})`);
  const unknown = (manifest.migrations ?? []).filter((m) => !(m in migrations));
  if (unknown.length) throw new BackupRefused(`the backup was made by a newer version of the app (database migrations ${unknown.join(", ")}): update first`);
  const files: BackupFile[] = [manifest.database, ...manifest.keys, ...manifest.audio];
  for (const file of files) {
    if (file !== manifest.database && !SAFE_PATH.test(file.path)) throw new BackupRefused(`${MANIFEST} names a path outside the backup: ${file.path}`);
    const on = path.join(folder, file.path);
    const stat = fs.statSync(on, { throwIfNoEntry: false });
    if (!stat?.isFile()) throw new BackupRefused(`${file.path} is missing`);
    if (stat.size !== file.bytes) throw new BackupRefused(`${file.path} is damaged: ${stat.size} bytes instead of ${file.bytes}`);
    if ((await sha256Of(on)) !== file.sha256) throw new BackupRefused(`${file.path} is damaged: its checksum does not match`);
  }
  return manifest;
}

/**
 * Brings an empty (or missing) DATA_DIR back to a backup: checks all of it first, builds the
 * data folder beside the target, opens the database once (PostgreSQL's recovery runs then) and
 * only then moves it into place. A refused or failed restore leaves the target as it was.
 */
export async function restoreBackup(folder: string, dataDir: string): Promise<{ notes: number; accounts: number; audioFiles: number }> {
  const target = path.resolve(dataDir);
  const existing = fs.existsSync(target) ? fs.readdirSync(target) : [];
  if (existing.length) throw new BackupRefused(`DATA_DIR ${target} is not empty: restore into an empty folder`);
  const manifest = await verifyBackup(folder);
  const staging = `${target}.restoring-${crypto.randomUUID().slice(0, 8)}`;
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  try {
    for (const file of [...manifest.keys, ...manifest.audio]) {
      const to = path.join(staging, file.path.replace(/^data\//, ""));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(path.join(folder, file.path), to);
    }
    const dump = fs.readFileSync(path.join(folder, manifest.database.path));
    const database = await openPglite({ dataDir: path.join(staging, "db"), loadDataDir: new Blob([dump], { type: "application/x-gzip" }) });
    let counts;
    try {
      counts = (await sql<{ notes: number; accounts: number }>`
        SELECT (SELECT count(*) FROM voice_notes)::int AS notes, (SELECT count(*) FROM users)::int AS accounts`.execute(database.db)).rows[0]!;
    } finally {
      await database.close();
    }
    if (fs.existsSync(target)) {
      for (const entry of fs.readdirSync(staging)) fs.renameSync(path.join(staging, entry), path.join(target, entry));
      fs.rmdirSync(staging);
    } else fs.renameSync(staging, target);
    return { ...counts, audioFiles: manifest.audio.length };
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}
