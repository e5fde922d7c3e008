import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { voiceNotesRepository } from "../repositories/voice-notes.js";
import type { BlobStore, SweepResult } from "../storage/index.js";

/**
 * Removes what a killed process left in the blob store: upload temporaries, and audio files
 * whose row was never written (the file is committed just before its row, so a kill between
 * the two leaves one) or whose row went while account deletion removed its files; and the
 * temporaries of imports and exports under DATA_DIR (`tempDirs`). Only what nothing has touched
 * for `ageSeconds` goes: another replica may be mid-upload right now.
 */
export async function sweepCrashLeftovers(
  deps: { db: Kysely<DB>; blobs: BlobStore; logger: Logger; tempDirs?: string[] },
  ageSeconds: number,
  now = new Date(),
): Promise<SweepResult> {
  const before = new Date(now.getTime() - ageSeconds * 1000);
  for (const dir of deps.tempDirs ?? []) {
    const removed = await sweepFolder(dir, before);
    if (removed) deps.logger.info({ dir, removed }, "removed import or export temporaries a crash left behind");
  }
  const notes = voiceNotesRepository(deps.db);
  const result = await deps.blobs.sweep(before, (keys) => notes.referencedAudioKeys(keys));
  if (result.temporaries || result.orphans) deps.logger.info(result, "removed audio a crash left behind");
  return result;
}

/** Removes the files in `dir` last written before `before`; how many went. */
async function sweepFolder(dir: string, before: Date): Promise<number> {
  let removed = 0;
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile() || stat.mtimeMs >= before.getTime()) continue;
    await fs.promises.rm(file, { force: true });
    removed++;
  }
  return removed;
}
