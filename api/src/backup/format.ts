import fs from "node:fs";
import path from "node:path";

/**
 * A backup of the embedded default (DESIGN §16) is a folder:
 *   manifest.json      what it holds, with every file's size and sha256 (written last)
 *   database.tar.gz    the PGlite data directory (PGlite's dumpDataDir)
 *   data/…             DATA_DIR's keys (auth signing key, settings key), so sessions and the stored AI key survive a restore
 *   audio/<key>        every recording, byte for byte
 * A folder being written is named `.partial-…` and renamed when complete; a reader never sees half of one.
 */
export const BACKUP_FORMAT = "voice-journal-backup";
export const BACKUP_VERSION = 1;
export const MANIFEST = "manifest.json";
export const DATABASE_FILE = "database.tar.gz";
export const PARTIAL_PREFIX = ".partial-";
const NAME = /^voice-journal-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/;

export interface BackupFile {
  /** Relative to the backup folder, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The applied migrations: a restore into an older app would not understand a newer schema. */
  migrations: string[];
  notes: number;
  accounts: number;
  database: BackupFile;
  keys: BackupFile[];
  audio: BackupFile[];
}

export const backupName = (at: Date) => `voice-journal-${at.toISOString().replace(/[:.]/g, "-")}`;

/** The complete backups in `dir`, oldest first (names sort by time). */
export function listBackups(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => NAME.test(n) && fs.existsSync(path.join(dir, n, MANIFEST))).sort();
}

export function readManifest(folder: string): BackupManifest {
  return JSON.parse(fs.readFileSync(path.join(folder, MANIFEST), "utf8")) as BackupManifest;
}

/** The newest backup in `dir` as the admin screen shows it, or null. */
export function lastBackup(dir: string): { at: string; name: string; bytes: number; notes: number } | null {
  const name = listBackups(dir).at(-1);
  if (!name) return null;
  try {
    const m = readManifest(path.join(dir, name));
    const bytes = [m.database, ...m.keys, ...m.audio].reduce((n, f) => n + f.bytes, 0);
    return { at: m.createdAt, name, bytes, notes: m.notes };
  } catch {
    return null;
  }
}
