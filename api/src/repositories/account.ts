import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";

export function accountRepository(db: Kysely<DB>) {
  return {
    /** Every audio key of the user, read before the rows go so the blobs can follow them. */
    async listAudioKeys(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom("voice_notes")
        .select("audio_key")
        .where("user_id", "=", userId)
        .where("audio_key", "is not", null)
        .execute();
      return rows.map((r) => r.audio_key!);
    },

    /** Deletes the user; foreign keys cascade to sessions, tokens, collections, notes, types and summaries. */
    async deleteUser(userId: string): Promise<boolean> {
      const result = await db.deleteFrom("users").where("id", "=", userId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
