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

    /**
     * Deletes the user; foreign keys cascade to sessions, tokens, collections, notes, types and
     * summaries. Undefined when there was no such user; else whether it was an admin.
     */
    async deleteUser(userId: string): Promise<{ wasAdmin: boolean } | undefined> {
      const row = await db.deleteFrom("users").where("id", "=", userId).returning("is_admin").executeTakeFirst();
      return row && { wasAdmin: row.is_admin };
    },
  };
}
