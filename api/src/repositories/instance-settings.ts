import { sql, type Kysely, type Updateable } from "kysely";
import type { DB, InstanceSettingsTable } from "../db/schema.js";

export type InstanceSettingsRow = Awaited<ReturnType<ReturnType<typeof instanceSettingsRepository>["read"]>>;
export type InstanceSettingsPatch = Omit<Updateable<InstanceSettingsTable>, "id" | "version" | "updated_at">;

/** The one row of what an admin set (id 1, made by the migration). */
export function instanceSettingsRepository(db: Kysely<DB>) {
  return {
    read() {
      return db.selectFrom("instance_settings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
    },

    /** The row's version only: what a process compares with the copy it holds. */
    async version(): Promise<number> {
      const row = await db.selectFrom("instance_settings").select("version").where("id", "=", 1).executeTakeFirstOrThrow();
      return Number(row.version);
    },

    /** Writes the fields given and bumps the version, in one statement. */
    update(patch: InstanceSettingsPatch) {
      return db
        .updateTable("instance_settings")
        .set({ ...patch, version: sql<number>`version + 1`, updated_at: new Date() })
        .where("id", "=", 1)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Locks the row for the rest of the transaction: sign-ups take it, so the first account's
     * admin rule and an invitation's single use hold when two sign-ups race.
     */
    async lock(): Promise<void> {
      await db.selectFrom("instance_settings").select("id").where("id", "=", 1).forUpdate().execute();
    },
  };
}
