import type { MiddlewareHandler } from "hono";
import type { Kysely } from "kysely";
import type { AppEnv } from "../app-env.js";
import type { DB } from "../db/schema.js";
import { ApiError } from "../errors.js";
import type { AccessTokens } from "./access-tokens.js";

/**
 * Verifies the bearer token and puts the user on the request. The user id
 * always comes from the token. The token's session must still exist, so
 * sign-out of that session and account deletion end its access at once.
 */
export function requireUser(deps: { db: Kysely<DB>; tokens: AccessTokens }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new ApiError("unauthorized", "Sign in to continue: missing bearer token");
    let claims;
    try {
      claims = await deps.tokens.verify(match[1]!);
    } catch {
      throw new ApiError("unauthorized", "Your session is invalid or has expired. Please sign in again.");
    }
    const row = await deps.db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select(["users.id", "users.email"])
      .where("sessions.sid", "=", claims.session_id)
      .where("users.id", "=", claims.sub)
      .executeTakeFirst();
    if (!row) throw new ApiError("unauthorized", "Your session is invalid or has expired. Please sign in again.");
    c.set("user", { id: row.id, email: row.email });
    await next();
  };
}
