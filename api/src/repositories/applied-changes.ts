import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";

/** How long a change's answer is kept for a repeat of it. */
const KEEP_DAYS = 7;

export type AppliedChange = { request: string; status: number | null; body: string | null };

export function appliedChangesRepository(db: Kysely<DB>) {
  return {
    /**
     * Claims the change id for this request. True when this request is the first with it (it is
     * then applied); false when a row already holds it (read it with `find`). Old rows of the
     * user are pruned on the way.
     */
    async claim(userId: string, changeId: string, request: string): Promise<boolean> {
      await db
        .deleteFrom("applied_changes")
        .where("user_id", "=", userId)
        .where("created_at", "<", sql<Date>`now() - make_interval(days => ${KEEP_DAYS})`)
        .execute();
      const row = await db
        .insertInto("applied_changes")
        .values({ user_id: userId, change_id: changeId, request })
        .onConflict((oc) => oc.columns(["user_id", "change_id"]).doNothing())
        .returning("change_id")
        .executeTakeFirst();
      return row !== undefined;
    },

    find(userId: string, changeId: string): Promise<AppliedChange | undefined> {
      return db
        .selectFrom("applied_changes")
        .select(["request", "status", "body"])
        .where("user_id", "=", userId)
        .where("change_id", "=", changeId)
        .executeTakeFirst();
    },

    async settle(userId: string, changeId: string, status: number, body: string): Promise<void> {
      await db.updateTable("applied_changes").set({ status, body }).where("user_id", "=", userId).where("change_id", "=", changeId).execute();
    },

    /** The first request failed in a way worth trying again (5xx): the id is free for the retry. */
    async release(userId: string, changeId: string): Promise<void> {
      await db.deleteFrom("applied_changes").where("user_id", "=", userId).where("change_id", "=", changeId).where("status", "is", null).execute();
    },
  };
}
