import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";

/** Sign-up invitations: single use, expiring, optionally for one e-mail address; kept as their token's hash. */
export function invitationsRepository(db: Kysely<DB>) {
  const columns = ["id", "email", "created_at", "expires_at", "used_at", "used_by"] as const;
  return {
    create(invitation: { tokenHash: string; email: string | null; createdBy: string; expiresAt: Date }) {
      return db
        .insertInto("invitations")
        .values({ token_hash: invitation.tokenHash, email: invitation.email, created_by: invitation.createdBy, expires_at: invitation.expiresAt })
        .returning(columns)
        .executeTakeFirstOrThrow();
    },

    /** Newest first, with the e-mail of the account each one made. */
    list(limit: number) {
      return db
        .selectFrom("invitations")
        .leftJoin("users", "users.id", "invitations.used_by")
        .select(columns.map((c) => `invitations.${c}` as const))
        .select("users.email as used_by_email")
        .orderBy("invitations.created_at", "desc")
        .orderBy("invitations.id", "desc")
        .limit(limit)
        .execute();
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom("invitations").where("id", "=", id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** With `lock`, held for the rest of the transaction: two sign-ups with one link run one after the other. */
    findByHash(tokenHash: string, lock = false) {
      return db
        .selectFrom("invitations")
        .select(columns)
        .where("token_hash", "=", tokenHash)
        .$if(lock, (q) => q.forUpdate())
        .executeTakeFirst();
    },

    /** Marks it used by `userId` unless something used it first; inside the sign-up's transaction. */
    async consume(id: string, userId: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable("invitations")
        .set({ used_at: now, used_by: userId })
        .where("id", "=", id)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

  };
}
