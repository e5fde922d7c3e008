import type { MiddlewareHandler } from "hono";
import type { Kysely } from "kysely";
import type { AppEnv } from "../app-env.js";
import type { DB } from "../db/schema.js";
import { ApiError } from "../errors.js";
import { isUniqueViolation } from "../db/errors.js";
import { usersRepository } from "../repositories/users.js";
import type { AccessTokens } from "./access-tokens.js";
import { bearerToken, sessionOfBearer } from "./bearer.js";
import type { SupabaseTokens } from "./supabase-tokens.js";

const invalidSession = () => new ApiError("unauthorized", "Your session is invalid or has expired. Please sign in again.");

/**
 * Verifies the bearer token and puts the user on the request. The user id
 * always comes from the token.
 *
 * Built-in auth: the token's session must still exist and be unexpired, so
 * sign-out, refresh-token theft detection and account deletion end its
 * access at once. Supabase mode (`supabase` given): the token must carry the
 * project's signature; the user row is created or its e-mail updated on
 * first sight, since the account itself lives in Supabase.
 */
export function requireUser(deps: {
  db: Kysely<DB>;
  tokens: AccessTokens;
  supabase?: SupabaseTokens | undefined;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header("authorization"));
    if (!token) throw new ApiError("unauthorized", "Sign in to continue: missing bearer token");
    if (deps.supabase) {
      let claims;
      try {
        claims = await deps.supabase.verify(token);
      } catch {
        throw invalidSession();
      }
      const known = await usersRepository(deps.db).findById(claims.id);
      if (!known || known.email !== claims.email) {
        try {
          await usersRepository(deps.db).upsertExternalUser(claims);
        } catch (err) {
          // A different Supabase user id with this e-mail already has a local account.
          if (isUniqueViolation(err)) throw new ApiError("conflict", "Another account already uses this e-mail address");
          throw err;
        }
      }
      c.set("user", claims);
      return next();
    }
    const session = await sessionOfBearer(deps.db, deps.tokens, c.req.header("authorization"));
    if (!session.ok) throw invalidSession();
    c.set("user", { id: session.user.id, email: session.user.email });
    await next();
  };
}
