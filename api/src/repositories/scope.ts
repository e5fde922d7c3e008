import { sql, type Kysely, type WhereInterface } from "kysely";
import type { DB } from "../db/schema.js";

/** The tables whose every row belongs to one user. */
export type UserOwnedTable = "domains" | "voice_notes" | "summary_types" | "summaries" | "chat_threads" | "chat_messages" | "reminder_settings" | "push_subscriptions";

/**
 * The per-user scope, for `$call`: every product read and write goes through it, so another
 * user's row is never found (and the service answers 404 exactly as for a missing one).
 */
export function ownedBy<T extends UserOwnedTable>(table: T, userId: string) {
  return <QB extends WhereInterface<DB, T>>(qb: QB): QB =>
    qb.where(`${table}.user_id` as never, "=", userId as never) as unknown as QB;
}

/**
 * Whether a row with this id exists for any user. Only asked after the user's own scope found
 * nothing, to tell "already gone" (a repeated delete succeeds) from "someone else's" (404).
 */
export async function existsForAnyone(db: Kysely<DB>, table: UserOwnedTable, id: string): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`1`.as("one"))
    .where(`${table}.id` as never, "=", id as never)
    .executeTakeFirst();
  return row !== undefined;
}
