import type { Kysely } from "kysely";
import type { DB, UserRow } from "../db/schema.js";
import { authSessionsRepository } from "../repositories/auth-sessions.js";
import type { AccessTokens } from "./access-tokens.js";

/** The token from `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/** Who a built-in bearer token speaks for, or why it speaks for no one (each caller words its own answer). */
export type BearerSession =
  | { ok: true; user: UserRow; sessionId: string }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "invalid_token"; detail: string }
  | { ok: false; reason: "no_session" };

/**
 * The one check of a built-in access token: signature, audience, expiry, and a session that
 * still exists and is unexpired, so sign-out, refresh-token theft detection and account
 * deletion end its access at once. The product API and /auth/v1 both ask here.
 */
export async function sessionOfBearer(db: Kysely<DB>, tokens: AccessTokens, authorization: string | undefined): Promise<BearerSession> {
  const token = bearerToken(authorization);
  if (!token) return { ok: false, reason: "missing" };
  let claims;
  try {
    claims = await tokens.verify(token);
  } catch (err) {
    return { ok: false, reason: "invalid_token", detail: (err as Error).message };
  }
  const user = await authSessionsRepository(db).findSessionUser(claims.session_id, claims.sub, new Date());
  if (!user) return { ok: false, reason: "no_session" };
  return { ok: true, user, sessionId: claims.session_id };
}
