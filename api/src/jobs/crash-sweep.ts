import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { voiceNotesRepository } from "../repositories/voice-notes.js";
import type { BlobStore, SweepResult } from "../storage/index.js";

/**
 * Removes what a killed process left in the blob store: upload temporaries, and audio files
 * whose row was never written (the file is committed just before its row, so a kill between
 * the two leaves one) or whose row went while account deletion removed its files. Only what
 * nothing has touched for `ageSeconds` goes: another replica may be mid-upload right now.
 */
export async function sweepCrashLeftovers(
  deps: { db: Kysely<DB>; blobs: BlobStore; logger: Logger },
  ageSeconds: number,
  now = new Date(),
): Promise<SweepResult> {
  const notes = voiceNotesRepository(deps.db);
  const result = await deps.blobs.sweep(new Date(now.getTime() - ageSeconds * 1000), (keys) => notes.referencedAudioKeys(keys));
  if (result.temporaries || result.orphans) deps.logger.info(result, "removed audio a crash left behind");
  return result;
}
