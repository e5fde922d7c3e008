import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { DB } from "../db/schema.js";

export interface GrantRow {
  id: string;
  kind: "token" | "oauth";
  name: string;
  client_id: string | null;
  scope: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** Who a presented assistant credential speaks for. */
export interface CredentialOwner {
  grant_id: string;
  user_id: string;
  time_zone: string | null;
  scope: string;
}

export interface RefreshCredential {
  grant_id: string;
  user_id: string;
  client_id: string | null;
  scope: string;
  expires_at: Date | null;
  used_at: Date | null;
  revoked_at: Date | null;
}

/**
 * An access credential as a request knows it before looking it up: the token's hash, and who it
 * spoke for when last looked up (that person, in that time zone).
 */
export interface AccessKey {
  hash: string;
  userId: string;
  timeZone: string | null;
  now: Date;
}

/**
 * `exists` of that credential still live for that person in that zone, as a condition another
 * statement can carry: the rule of findAccess without its round trip. A query that reads only the
 * person's own rows and returns some has shown the credential was live when it ran, and that
 * the answer's zone is still theirs.
 */
export function liveAccess(key: AccessKey): Expression<SqlBool> {
  const eb = expressionBuilder<DB>();
  return eb.exists(
    eb
      .selectFrom("assistant_credentials as c")
      .innerJoin("assistant_grants as g", "g.id", "c.grant_id")
      .innerJoin("users as u", "u.id", "g.user_id")
      .select("c.grant_id")
      .where("c.token_hash", "=", key.hash)
      .where("c.kind", "in", ["token", "access"])
      .where("g.revoked_at", "is", null)
      .where("g.user_id", "=", key.userId)
      .where("u.disabled_at", "is", null)
      .where((w) => (key.timeZone === null ? w("u.time_zone", "is", null) : w("u.time_zone", "=", key.timeZone)))
      .where((w) => w.or([w("c.expires_at", "is", null), w("c.expires_at", ">", key.now)])),
  );
}

/** How often a grant's last use is written: a busy assistant must not write on every request. */
const LAST_USED_STEP = "1 minute";

export function assistantAccessRepository(db: Kysely<DB>) {
  return {
    /** A grant with its first credentials, in one transaction. */
    async createGrant(
      g: { userId: string; kind: "token" | "oauth"; name: string; clientId?: string | null },
      credentials: { hash: string; kind: "token" | "access" | "refresh"; expiresAt: Date | null }[],
    ): Promise<GrantRow> {
      return db.transaction().execute(async (trx) => {
        const grant = await trx
          .insertInto("assistant_grants")
          .values({ user_id: g.userId, kind: g.kind, name: g.name, client_id: g.clientId ?? null })
          .returning(["id", "kind", "name", "client_id", "scope", "created_at", "last_used_at"])
          .executeTakeFirstOrThrow();
        if (credentials.length > 0) {
          await trx
            .insertInto("assistant_credentials")
            .values(credentials.map((c) => ({ token_hash: c.hash, grant_id: grant.id, kind: c.kind, expires_at: c.expiresAt })))
            .execute();
        }
        return grant;
      });
    },

    /** The person's grants that are not revoked, newest first. */
    listGrants(userId: string): Promise<GrantRow[]> {
      return db
        .selectFrom("assistant_grants")
        .select(["id", "kind", "name", "client_id", "scope", "created_at", "last_used_at"])
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
    },

    /** Revokes one of the person's grants; false when there is none of theirs by that id. */
    async revokeGrant(userId: string, grantId: string, now = new Date()): Promise<boolean> {
      const row = await db
        .updateTable("assistant_grants")
        .set({ revoked_at: now })
        .where("id", "=", grantId)
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .returning("id")
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Revokes a grant whoever holds it (refresh-token reuse, RFC 7009 revocation). */
    async revokeGrantById(grantId: string, now = new Date()): Promise<void> {
      await db.updateTable("assistant_grants").set({ revoked_at: now }).where("id", "=", grantId).where("revoked_at", "is", null).execute();
    },

    /**
     * The owner of a live access credential (a personal token or an OAuth access token): the
     * grant not revoked, the credential unexpired, the account not disabled.
     */
    findAccess(hash: string, now = new Date()): Promise<CredentialOwner | undefined> {
      return db
        .selectFrom("assistant_credentials as c")
        .innerJoin("assistant_grants as g", "g.id", "c.grant_id")
        .innerJoin("users as u", "u.id", "g.user_id")
        .select(["c.grant_id", "g.user_id", "u.time_zone", "g.scope"])
        .where("c.token_hash", "=", hash)
        .where("c.kind", "in", ["token", "access"])
        .where("g.revoked_at", "is", null)
        .where("u.disabled_at", "is", null)
        .where((eb) => eb.or([eb("c.expires_at", "is", null), eb("c.expires_at", ">", now)]))
        .executeTakeFirst();
    },

    /** Notes the grant's use, at most once a minute. */
    async touch(grantId: string, now = new Date()): Promise<void> {
      await db
        .updateTable("assistant_grants")
        .set({ last_used_at: now })
        .where("id", "=", grantId)
        .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", sql<Date>`${now}::timestamptz - ${LAST_USED_STEP}::interval`)]))
        .execute();
    },

    /** A refresh token as stored, whatever its state (the caller tells reuse from a bad token). */
    findRefresh(hash: string): Promise<RefreshCredential | undefined> {
      return db
        .selectFrom("assistant_credentials as c")
        .innerJoin("assistant_grants as g", "g.id", "c.grant_id")
        .select(["c.grant_id", "g.user_id", "g.client_id", "g.scope", "c.expires_at", "c.used_at", "g.revoked_at"])
        .where("c.token_hash", "=", hash)
        .where("c.kind", "=", "refresh")
        .executeTakeFirst();
    },

    /**
     * Spends a refresh token and stores its successors, in one transaction: false when another
     * request spent it first (then the caller treats this one as reuse).
     */
    async rotateRefresh(
      oldHash: string,
      grantId: string,
      next: { hash: string; kind: "access" | "refresh"; expiresAt: Date | null }[],
      now = new Date(),
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable("assistant_credentials")
          .set({ used_at: now })
          .where("token_hash", "=", oldHash)
          .where("used_at", "is", null)
          .returning("token_hash")
          .executeTakeFirst();
        if (!spent) return false;
        await trx
          .insertInto("assistant_credentials")
          .values(next.map((c) => ({ token_hash: c.hash, grant_id: grantId, kind: c.kind, expires_at: c.expiresAt })))
          .execute();
        return true;
      });
    },

    /** Adds credentials to a live grant (an OAuth code exchanged for its first tokens). */
    async addCredentials(grantId: string, credentials: { hash: string; kind: "access" | "refresh"; expiresAt: Date | null }[]): Promise<void> {
      await db
        .insertInto("assistant_credentials")
        .values(credentials.map((c) => ({ token_hash: c.hash, grant_id: grantId, kind: c.kind, expires_at: c.expiresAt })))
        .execute();
    },

    /** The grant a credential of any kind belongs to (revocation by token). */
    async grantOfCredential(hash: string): Promise<string | undefined> {
      const row = await db.selectFrom("assistant_credentials").select("grant_id").where("token_hash", "=", hash).executeTakeFirst();
      return row?.grant_id;
    },

    /** Expired OAuth credentials go (the job loop's cleanup; personal tokens never expire). */
    async deleteExpired(now = new Date()): Promise<void> {
      await db.deleteFrom("assistant_credentials").where("expires_at", "<", now).execute();
    },
  };
}
