import type { Kysely } from "kysely";
import type { DB, SummaryTypeRow } from "../db/schema.js";
import { ownedBy } from "./scope.js";

export function summaryTypesRepository(db: Kysely<DB>) {
  return {
    list(userId: string, domainId: string): Promise<SummaryTypeRow[]> {
      return db
        .selectFrom("summary_types")
        .selectAll()
        .$call(ownedBy("summary_types", userId))
        .where("domain_id", "=", domainId)
        .orderBy("created_at", "asc")
        .orderBy("id", "asc")
        .execute();
    },

    find(userId: string, id: string): Promise<SummaryTypeRow | undefined> {
      return db
        .selectFrom("summary_types")
        .selectAll()
        .$call(ownedBy("summary_types", userId))
        .where("id", "=", id)
        .executeTakeFirst();
    },

    insert(t: { userId: string; domainId: string; name: string; prompt: string }): Promise<SummaryTypeRow> {
      return db
        .insertInto("summary_types")
        .values({ user_id: t.userId, domain_id: t.domainId, name: t.name, prompt: t.prompt })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The patch must set at least one field. */
    update(userId: string, id: string, patch: { name?: string | undefined; prompt?: string | undefined }) {
      return db
        .updateTable("summary_types")
        .$call(ownedBy("summary_types", userId))
        .where("id", "=", id)
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.prompt !== undefined ? { prompt: patch.prompt } : {}),
        })
        .returningAll()
        .executeTakeFirst();
    },

    /** Its summaries go too (FK ON DELETE CASCADE, SPEC: deleting a type deletes its summaries). */
    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("summary_types")
        .$call(ownedBy("summary_types", userId))
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
export type SummaryTypesRepository = ReturnType<typeof summaryTypesRepository>;
