import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * The crash sweep asks which of a batch of stored audio files still has its note
 * (repositories/voice-notes.ts referencedAudioKeys): without an index on the key, every batch
 * read the whole notes table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `CREATE INDEX voice_notes_audio_key_idx ON voice_notes (audio_key)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP INDEX voice_notes_audio_key_idx`);
}
