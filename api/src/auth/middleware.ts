import type { Handler, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Kysely } from "kysely";
import type { AppEnv } from "../app-env.js";
import type { DB } from "../db/schema.js";
import { errorStatus, type ErrorBody } from "@vj/core";
import { ApiError } from "../errors.js";
import { isUniqueViolation } from "../db/errors.js";
import { authSessionsRepository } from "../repositories/auth-sessions.js";
import { usersRepository } from "../repositories/users.js";
import type { AccessTokens } from "./access-tokens.js";
import { PendingSession, bearerToken, claimsOfBearer } from "./bearer.js";
import { ACCOUNT_DISABLED } from "./gotrue-errors.js";
import type { SupabaseTokens } from "./supabase-tokens.js";
import type { UserCache } from "./user-cache.js";

const CHECKS_SESSION = Symbol("checksSession");

/**
 * Marks a handler that checks the built-in session inside its own query (through
 * `c.var.session`, see PendingSession), so requireUser does not look it up first: one database
 * round trip fewer on a hot read. Only for handlers without side effects: they run
 * before the session is known, and whatever they leave unproven is looked up after them, a
 * dead session then answering 401 instead of what they answered.
 */
export function checksSessionItself<H extends Handler<AppEnv>>(handler: H): H {
  return Object.assign(handler, { [CHECKS_SESSION]: true });
}

const INVALID_SESSION = "Your session is invalid or has expired. Please sign in again.";
const invalidSession = () => new ApiError("unauthorized", INVALID_SESSION);
const invalidSessionResponse = () => {
  const body: ErrorBody = { error: { code: "unauthorized", message: INVALID_SESSION } };
  return Response.json(body, { status: errorStatus.unauthorized });
};

/**
 * Verifies the bearer token and puts the user on the request. The user id
 * always comes from the token.
 *
 * Built-in auth: the token's session must still exist and be unexpired, so
 * sign-out, refresh-token theft detection and account deletion end its
 * access at once. A handler marked checksSessionItself proves the session
 * inside its own query; what it leaves unproven is looked up after it, and
 * the answer is then 401 if the session is gone. Supabase mode (`supabase`
 * given): the token must carry the project's signature; the user row is
 * created or its e-mail updated on first sight, since the account itself
 * lives in Supabase.
 */
export function requireUser(deps: {
  db: Kysely<DB>;
  tokens: AccessTokens;
  supabase?: SupabaseTokens | undefined;
  /** Told of every authenticated request (auth/activity.ts: the admin screen's "last active"). */
  onActive?: (userId: string) => void;
  /** Supabase mode: the accounts read in the last few seconds, so a burst of requests reads the row once. */
  users?: UserCache | undefined;
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
      if (deps.users?.get(claims.id)?.email === claims.email) {
        c.set("user", claims);
        deps.onActive?.(claims.id);
        return next();
      }
      const known = await usersRepository(deps.db).findById(claims.id);
      // An admin disabled the account: the project's tokens stay valid, this instance refuses them.
      if (known?.disabled_at) throw new ApiError("unauthorized", ACCOUNT_DISABLED);
      if (!known || known.email !== claims.email) {
        try {
          await usersRepository(deps.db).upsertExternalUser(claims);
        } catch (err) {
          // A different Supabase user id with this e-mail already has a local account.
          if (isUniqueViolation(err)) throw new ApiError("conflict", "Another account already uses this e-mail address");
          throw err;
        }
      }
      deps.users?.set(claims.id, { email: claims.email });
      c.set("user", claims);
      deps.onActive?.(claims.id);
      return next();
    }
    const verified = await claimsOfBearer(deps.tokens, c.req.header("authorization"));
    if (!verified.ok) throw invalidSession();
    const { claims } = verified;
    const session = new PendingSession(claims.session_id, claims.sub, new Date());
    if (matchedRoutes(c).some((route) => CHECKS_SESSION in route.handler)) {
      // The e-mail of the token: the handler runs before the user row is read (none reads it).
      c.set("user", { id: claims.sub, email: claims.email });
      c.set("session", session);
      await next();
      if (session.proven || (await liveSessionUser(deps.db, session))) {
        deps.onActive?.(claims.sub);
        return;
      }
      // A fresh answer: none of the headers the handler set (a next-page cursor) may go with it.
      c.res = undefined;
      c.res = invalidSessionResponse();
      return;
    }
    const user = await liveSessionUser(deps.db, session);
    if (!user) throw invalidSession();
    c.set("user", { id: user.id, email: user.email });
    deps.onActive?.(user.id);
    await next();
  };
}

const liveSessionUser = (db: Kysely<DB>, s: PendingSession) => authSessionsRepository(db).findSessionUser(s.sid, s.userId, s.now);
