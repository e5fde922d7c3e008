import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "./config.js";
import { openPglite } from "./db/database.js";
import { requestBackup, serverRunning } from "./backup/control.js";
import { BackupRefused, restoreBackup } from "./backup/restore.js";
import { takeBackup } from "./backup/take.js";

/**
 * `npm run backup [-- <folder>]` and `npm run restore -- <backup>` (DESIGN §16). A backup goes to
 * the folder given, else BACKUP_DIR, else ./backups; a running server takes it (it holds the
 * database), else this process opens the database itself.
 */
const [command, arg] = process.argv.slice(2);
const config = loadConfig();

async function backup() {
  if (config.DATABASE_URL || config.S3_BUCKET) {
    console.error("This instance keeps its data in PostgreSQL or S3: back them up with their own tools (pg_dump; the bucket's versioning or replication). See the README.");
    return 2;
  }
  const dir = path.resolve(arg ?? config.BACKUP_DIR ?? "backups");
  let taken = await requestBackup(config.DATA_DIR, dir);
  if (!taken) {
    if (serverRunning(config.DATA_DIR)) {
      console.error(`A server runs on ${config.DATA_DIR} but its control socket does not answer; stop it, or take the backup from the admin screen.`);
      return 1;
    }
    if (!fs.existsSync(path.join(config.DATA_DIR, "db", "PG_VERSION"))) {
      console.error(`There is no database in ${config.DATA_DIR} (DATA_DIR): nothing to back up.`);
      return 1;
    }
    const database = await openPglite({ dataDir: path.join(config.DATA_DIR, "db") });
    try {
      taken = await takeBackup({ database, dataDir: config.DATA_DIR }, dir);
    } finally {
      await database.close();
    }
  }
  console.log(`Backup written: ${taken.path} (${taken.notes} notes, ${taken.audioFiles} audio files, ${(taken.bytes / 1e6).toFixed(1)} MB)`);
  return 0;
}

async function restore() {
  if (!arg) {
    console.error("usage: npm run restore -- <backup folder>");
    return 2;
  }
  try {
    const restored = await restoreBackup(path.resolve(arg), config.DATA_DIR);
    console.log(`Restored into ${config.DATA_DIR}: ${restored.accounts} accounts, ${restored.notes} notes, ${restored.audioFiles} audio files. Start the app with npm start.`);
    return 0;
  } catch (err) {
    if (err instanceof BackupRefused) {
      console.error(`Refused: ${err.message}. Nothing was changed.`);
      return 1;
    }
    throw err;
  }
}

process.exitCode = command === "backup" ? await backup() : command === "restore" ? await restore() : (console.error("usage: backup-cli backup [folder] | restore <backup>"), 2);
