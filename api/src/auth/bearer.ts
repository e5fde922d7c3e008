import type { Kysely } from "kysely";
import type { DB, UserRow } from "../db/schema.js";
import { authSessionsRepository, type SessionKey } from "../repositories/auth-sessions.js";
import type { AccessClaims, AccessTokens } from "./access-tokens.js";

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

/** The token's claims when its signature, audience and expiry pass; its session is not looked at. */
export async function claimsOfBearer(
  tokens: AccessTokens,
  authorization: string | undefined,
): Promise<{ ok: true; claims: AccessClaims } | Extract<BearerSession, { ok: false; reason: "missing" | "invalid_token" }>> {
  const token = bearerToken(authorization);
  if (!token) return { ok: false, reason: "missing" };
  try {
    return { ok: true, claims: await tokens.verify(token) };
  } catch (err) {
    return { ok: false, reason: "invalid_token", detail: (err as Error).message };
  }
}

/**
 * The one check of a built-in access token: signature, audience, expiry, and a session that
 * still exists and is unexpired, so sign-out, refresh-token theft detection and account
 * deletion end its access at once. The product API and /auth/v1 both ask here.
 */
export async function sessionOfBearer(db: Kysely<DB>, tokens: AccessTokens, authorization: string | undefined): Promise<BearerSession> {
  const verified = await claimsOfBearer(tokens, authorization);
  if (!verified.ok) return verified;
  const { claims } = verified;
  const user = await authSessionsRepository(db).findSessionUser(claims.session_id, claims.sub, new Date());
  if (!user) return { ok: false, reason: "no_session" };
  return { ok: true, user, sessionId: claims.session_id };
}

/**
 * A verified token's session, not looked up yet: a read-only handler checks it inside its own
 * query (repositories/auth-sessions.ts liveSession) and calls prove() when that query found
 * rows, which saves the separate lookup's round trip. requireUser looks up whatever was not
 * proven once the handler is done, so a dead session still answers 401 in every case.
 */
export class PendingSession implements SessionKey {
  #proven = false;
  constructor(
    readonly sid: string,
    readonly userId: string,
    readonly now: Date,
  ) {}

  prove(): void {
    this.#proven = true;
  }

  get proven(): boolean {
    return this.#proven;
  }
}

/**
 * When the bearer token stops being valid (its `exp`, in ms), read without verifying: only for a
 * request whose token the middleware has already verified, to end a long answer (the events
 * stream) when its token would no longer be accepted.
 */
export function bearerExpiresAt(authorization: string | undefined): number | undefined {
  const payload = bearerToken(authorization)?.split(".")[1];
  if (!payload) return undefined;
  try {
    const exp = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
