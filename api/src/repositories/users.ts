import { sql, type Kysely } from "kysely";
import type { DB, UserRow } from "../db/schema.js";

/** The users table: password users of the built-in auth and local rows of Supabase users. */
export function usersRepository(db: Kysely<DB>) {
  return {
    /** E-mail addresses are unique case-insensitively (index on lower(email)). */
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom("users")
        .selectAll()
        .where(sql<string>`lower(email)`, "=", email.toLowerCase())
        .executeTakeFirst();
    },

    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** Whether the instance has any account yet (the first one becomes its admin). */
    async any(): Promise<boolean> {
      return (await db.selectFrom("users").select("id").limit(1).executeTakeFirst()) !== undefined;
    },

    /** Inserts a password user; a duplicate e-mail surfaces as a unique violation (see db/errors.ts isUniqueViolation). */
    insertPasswordUser(user: { email: string; passwordHash: string; emailConfirmedAt: Date | null; isAdmin?: boolean }): Promise<UserRow> {
      return db
        .insertInto("users")
        .values({
          email: user.email,
          password_hash: user.passwordHash,
          first_name: null,
          last_name: null,
          profile_image_url: null,
          email_confirmed_at: user.emailConfirmedAt,
          is_admin: user.isAdmin ?? false,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Supabase mode: the user lives in the Supabase project; keep a local row
     * with the same id so every product table can reference it. The e-mail
     * follows the token (a user may change it in Supabase).
     */
    async upsertExternalUser(user: { id: string; email: string }): Promise<void> {
      await db
        .insertInto("users")
        .values({
          id: user.id,
          email: user.email,
          password_hash: null,
          first_name: null,
          last_name: null,
          profile_image_url: null,
          email_confirmed_at: new Date(),
          // The instance's first account is its admin (DESIGN §16), in Supabase mode too.
          is_admin: sql<boolean>`NOT EXISTS (SELECT 1 FROM users)`,
        })
        .onConflict((oc) =>
          oc
            .column("id")
            .doUpdateSet({ email: (eb) => eb.ref("excluded.email"), updated_at: new Date() })
            .where("users.email", "<>", (eb) => eb.ref("excluded.email")),
        )
        .execute();
    },

    /** The zone whose calendar days the account's limits count (the one its app sends). */
    async setTimeZone(id: string, timeZone: string): Promise<void> {
      await db
        .updateTable("users")
        .set({ time_zone: timeZone })
        .where("id", "=", id)
        .where(sql<boolean>`time_zone IS DISTINCT FROM ${timeZone}`)
        .execute();
    },

    async touchActivity(id: string, now: Date): Promise<void> {
      await db.updateTable("users").set({ last_active_at: now }).where("id", "=", id).execute();
    },

    /** Confirms a waiting user's e-mail; nothing when already confirmed (a spent link) or gone. */
    confirmEmail(id: string, email: string, now: Date): Promise<UserRow | undefined> {
      return db
        .updateTable("users")
        .set({ email_confirmed_at: now, updated_at: now })
        .where("id", "=", id)
        .where(sql<string>`lower(email)`, "=", email.toLowerCase())
        .where("email_confirmed_at", "is", null)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
