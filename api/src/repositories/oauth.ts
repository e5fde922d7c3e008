import type { Kysely, Selectable } from "kysely";
import type { DB, OAuthRequestsTable } from "../db/schema.js";

export interface OAuthClientRow {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
}

/** A request as the service reads it: the table's row without its code and times of use. */
export type OAuthRequestRow = Pick<Selectable<OAuthRequestsTable>, (typeof REQUEST_COLUMNS)[number]>;

const REQUEST_COLUMNS = ["id", "client_id", "client_name", "redirect_uri", "state", "code_challenge", "resource", "scope", "expires_at", "user_id"] as const;

export function oauthRepository(db: Kysely<DB>) {
  return {
    async insertClient(c: OAuthClientRow): Promise<void> {
      await db.insertInto("oauth_clients").values({ ...c, redirect_uris: JSON.stringify(c.redirect_uris) }).execute();
    },

    findClient(clientId: string): Promise<OAuthClientRow | undefined> {
      return db.selectFrom("oauth_clients").select(["client_id", "client_name", "redirect_uris"]).where("client_id", "=", clientId).executeTakeFirst();
    },

    async insertRequest(r: Omit<OAuthRequestRow, "user_id">): Promise<void> {
      await db.insertInto("oauth_requests").values(r).execute();
    },

    /** A request still waiting for the person's answer. */
    findPending(id: string, now = new Date()): Promise<OAuthRequestRow | undefined> {
      return db
        .selectFrom("oauth_requests")
        .select(REQUEST_COLUMNS)
        .where("id", "=", id)
        .where("expires_at", ">", now)
        .where("user_id", "is", null)
        .where("used_at", "is", null)
        .executeTakeFirst();
    },

    /** The person allowed it: the request now holds its code (hashed), until `expiresAt`. */
    async approve(id: string, userId: string, codeHash: string, expiresAt: Date, now = new Date()): Promise<OAuthRequestRow | undefined> {
      return db
        .updateTable("oauth_requests")
        .set({ user_id: userId, code_hash: codeHash, expires_at: expiresAt })
        .where("id", "=", id)
        .where("expires_at", ">", now)
        .where("user_id", "is", null)
        .where("used_at", "is", null)
        .returning(REQUEST_COLUMNS)
        .executeTakeFirst();
    },

    /** The person said no (or the request is spent): it cannot be answered again. */
    async close(id: string, now = new Date()): Promise<OAuthRequestRow | undefined> {
      return db
        .updateTable("oauth_requests")
        .set({ used_at: now })
        .where("id", "=", id)
        .where("expires_at", ">", now)
        .where("user_id", "is", null)
        .where("used_at", "is", null)
        .returning(REQUEST_COLUMNS)
        .executeTakeFirst();
    },

    /** Spends a code once: the first exchange gets the request, any other nothing. */
    redeemCode(codeHash: string, now = new Date()): Promise<OAuthRequestRow | undefined> {
      return db
        .updateTable("oauth_requests")
        .set({ used_at: now })
        .where("code_hash", "=", codeHash)
        .where("expires_at", ">", now)
        .where("used_at", "is", null)
        .where("user_id", "is not", null)
        .returning(REQUEST_COLUMNS)
        .executeTakeFirst();
    },

    /** Requests an hour past their expiry go. */
    async deleteStale(now = new Date()): Promise<void> {
      await db.deleteFrom("oauth_requests").where("expires_at", "<", new Date(now.getTime() - 3600_000)).execute();
    },
  };
}
