import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";

/** The account's one running import (migration 20261128T1100_import_locks). */
export function importLocksRepository(db: Kysely<DB>) {
  return {
    /**
     * Takes the account's import lock for `holder`: true when it is now held, false when another
     * import holds it and its heartbeat is younger than `staleSeconds`. One statement, so two
     * processes asking at once cannot both win.
     */
    async acquire(userId: string, holder: string, staleSeconds: number): Promise<boolean> {
      const row = await db
        .insertInto("import_locks")
        .values({ user_id: userId, holder })
        .onConflict((oc) =>
          oc
            .column("user_id")
            .doUpdateSet({ holder, heartbeat_at: sql<Date>`now()` })
            .where("import_locks.heartbeat_at", "<", sql<Date>`now() - make_interval(secs => ${staleSeconds})`),
        )
        .returning("holder")
        .executeTakeFirst();
      return row?.holder === holder;
    },

    async heartbeat(userId: string, holder: string): Promise<void> {
      await db.updateTable("import_locks").set({ heartbeat_at: sql<Date>`now()` }).where("user_id", "=", userId).where("holder", "=", holder).execute();
    },

    async release(userId: string, holder: string): Promise<void> {
      await db.deleteFrom("import_locks").where("user_id", "=", userId).where("holder", "=", holder).execute();
    },

    /** Every lock: on the embedded database at start, nothing else can be importing. */
    async releaseAll(): Promise<number> {
      const r = await db.deleteFrom("import_locks").executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
