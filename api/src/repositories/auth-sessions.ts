import { expressionBuilder, type Expression, type Kysely, type SqlBool } from "kysely";
import type { DB } from "../db/schema.js";

/** A bearer token's session as the caller knows it: its id, the user the token names, and now. */
export interface SessionKey {
  sid: string;
  userId: string;
  now: Date;
}

/**
 * `exists` of a live session of that user, as a condition another statement can carry: the
 * rule of findSessionUser without its round trip. A query that reads only the user's own rows
 * and returns some has shown the session was live when it ran.
 */
export function liveSession(key: SessionKey): Expression<SqlBool> {
  const eb = expressionBuilder<DB>();
  return eb.exists(
    eb
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select("sessions.sid")
      .where("sessions.sid", "=", key.sid)
      .where("users.id", "=", key.userId)
      .where("users.disabled_at", "is", null)
      .where("sessions.expire", ">", key.now),
  );
}

/** What the built-in auth keeps in `sessions.sess` (the spec's json column). */
export interface SessionData {
  user_id: string;
  created_at: string;
  refreshed_at: string | null;
  user_agent: string | null;
  ip: string | null;
  amr: "password";
}

/** Sessions of the built-in auth and their rotating refresh tokens. */
export function authSessionsRepository(db: Kysely<DB>) {
  return {
    async insertSession(session: { sid: string; userId: string; sess: SessionData; expire: Date }): Promise<void> {
      await db
        .insertInto("sessions")
        .values({ sid: session.sid, user_id: session.userId, sess: JSON.stringify(session.sess), expire: session.expire })
        .execute();
    },

    /** The signed-in user behind a live session, or nothing when the session ended, expired, is someone else's or its account was disabled. */
    findSessionUser(sid: string, userId: string, now: Date) {
      return db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.user_id")
        .selectAll("users")
        .where("sessions.sid", "=", sid)
        .where("users.id", "=", userId)
        .where("users.disabled_at", "is", null)
        .where("sessions.expire", ">", now)
        .executeTakeFirst();
    },

    /** Slides the session's inactivity expiry forward and records the refresh. */
    async touchSession(sid: string, sess: SessionData, expire: Date): Promise<void> {
      await db.updateTable("sessions").set({ sess: JSON.stringify(sess), expire }).where("sid", "=", sid).execute();
    },

    /** Ends one session; its refresh tokens go with it (ON DELETE CASCADE). */
    async deleteSession(sid: string): Promise<void> {
      await db.deleteFrom("sessions").where("sid", "=", sid).execute();
    },

    /** Ends every session of a user, or every one but `exceptSid` (logout scope "others"). */
    async deleteUserSessions(userId: string, exceptSid?: string): Promise<number> {
      const result = await db
        .deleteFrom("sessions")
        .where("user_id", "=", userId)
        .$if(exceptSid !== undefined, (qb) => qb.where("sid", "<>", exceptSid!))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Housekeeping: sessions past their inactivity expiry (uses the spec's index on expire). */
    async deleteExpiredSessions(now: Date): Promise<number> {
      const result = await db.deleteFrom("sessions").where("expire", "<=", now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async insertRefreshToken(token: { hash: string; sessionId: string; userId: string; parentHash: string | null; now: Date }): Promise<void> {
      await db
        .insertInto("refresh_tokens")
        .values({
          token_hash: token.hash,
          session_id: token.sessionId,
          user_id: token.userId,
          parent_hash: token.parentHash,
          created_at: token.now,
          updated_at: token.now,
        })
        .execute();
    },

    /**
     * The refresh token with its session, locked for the rest of the
     * transaction so two refreshes of one token run one after the other.
     */
    findRefreshTokenForUpdate(hash: string) {
      return db
        .selectFrom("refresh_tokens")
        .innerJoin("sessions", "sessions.sid", "refresh_tokens.session_id")
        .select([
          "refresh_tokens.id",
          "refresh_tokens.token_hash",
          "refresh_tokens.session_id",
          "refresh_tokens.user_id",
          "refresh_tokens.revoked",
          "refresh_tokens.updated_at",
          "sessions.sess",
          "sessions.expire",
        ])
        .where("refresh_tokens.token_hash", "=", hash)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Marks a token spent; `updated_at` then says when, which the reuse grace window measures from. */
    async revokeRefreshToken(id: string, now: Date): Promise<void> {
      await db.updateTable("refresh_tokens").set({ revoked: true, updated_at: now }).where("id", "=", id).execute();
    },
  };
}
export type AuthSessionsRepository = ReturnType<typeof authSessionsRepository>;
