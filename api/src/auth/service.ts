import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { MIN_PASSWORD_LENGTH } from "@vj/core";
import type { Config } from "../config.js";
import type { DB, UserRow } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { isUniqueViolation } from "../db/errors.js";
import { authSessionsRepository, type SessionData } from "../repositories/auth-sessions.js";
import { usersRepository } from "../repositories/users.js";
import { signConfirmation, verifyConfirmation, type AccessTokens } from "./access-tokens.js";
import { sessionOfBearer } from "./bearer.js";
import { accountDisabled, GoTrueError, invalidCredentials } from "./gotrue-errors.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { textProblem } from "../storable-text.js";
import { hashOpaqueToken, hashRefreshToken, newRefreshToken } from "./refresh-tokens.js";
import { signupPolicy } from "../instance/effective.js";
import { instanceSettingsRepository } from "../repositories/instance-settings.js";
import { invitationsRepository } from "../repositories/invitations.js";
import { INVITATION_PROBLEMS, invitationProblem, SIGNUPS_NOT_ALLOWED } from "../services/invitations.js";
import type { LogoutScope } from "./schemas.js";
import { goTrueUser } from "./user-json.js";

/**
 * A session ends after this long without a refresh. GoTrue keeps sessions
 * forever by default; we bound them so abandoned refresh tokens die, and
 * keep the bound long because the app is used offline for days at a time.
 */
export const SESSION_INACTIVITY_MS = 90 * 24 * 3600 * 1000;
const HOUSEKEEPING_INTERVAL_MS = 3600 * 1000;

export interface AuthServiceDeps {
  db: Kysely<DB>;
  config: Pick<Config, "AUTH_CONFIRM_EMAIL" | "AUTH_REFRESH_REUSE_GRACE_SECONDS" | "SIGNUPS">;
  tokens: AccessTokens;
  logger: Logger;
}

/** Who is asking: stored with the session, as GoTrue does. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/**
 * Whether this sign-up may go ahead (DESIGN §16): the instance's first account always may (and
 * becomes its admin); otherwise the sign-up policy decides, and under `invite` or `closed` a
 * valid invitation link lets one person in. Refused in GoTrue's shape (422 signup_disabled).
 */
async function admission(
  db: Kysely<DB>,
  config: Pick<Config, "SIGNUPS">,
  input: { email: string; invitation?: string | undefined },
  now: Date,
): Promise<{ first: boolean; invitationId?: string }> {
  if (!(await usersRepository(db).any())) return { first: true };
  const policy = signupPolicy(config, await instanceSettingsRepository(db).read());
  if (!input.invitation) {
    if (policy === "open") return { first: false };
    throw new GoTrueError(422, "signup_disabled", SIGNUPS_NOT_ALLOWED);
  }
  // Locked inside the sign-up's transaction: two sign-ups with one link run one after the other.
  const invitation = await invitationsRepository(db).findByHash(hashOpaqueToken(input.invitation), true);
  const problem = invitationProblem(invitation, now, input.email);
  if (!problem) return { first: false, invitationId: invitation!.id };
  // Under an open policy a spent link does not stop anyone: everyone may sign up.
  if (policy === "open") return { first: false };
  throw new GoTrueError(422, "signup_disabled", INVITATION_PROBLEMS[problem]);
}

/** The built-in auth's rules: sign-up, password and refresh grants, sessions. Routes only parse and shape. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, config, tokens, logger } = deps;
  const users = usersRepository(db);
  const sessions = authSessionsRepository(db);
  let lastHousekeeping = 0;

  async function sessionResponse(user: UserRow, sessionId: string, refreshToken: string, now: Date) {
    const { token, expiresAt } = await tokens.sign(user, sessionId, now);
    return {
      access_token: token,
      token_type: "bearer" as const,
      expires_in: tokens.expiresIn,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: goTrueUser(user),
    };
  }

  async function startSession(user: UserRow, meta: RequestMeta) {
    const now = new Date();
    const sid = crypto.randomUUID();
    const refresh = newRefreshToken();
    const sess: SessionData = {
      user_id: user.id,
      created_at: now.toISOString(),
      refreshed_at: null,
      user_agent: meta.userAgent,
      ip: meta.ip,
      amr: "password",
    };
    await db.transaction().execute(async (trx) => {
      const inTx = authSessionsRepository(trx);
      await inTx.insertSession({ sid, userId: user.id, sess, expire: new Date(now.getTime() + SESSION_INACTIVITY_MS) });
      await inTx.insertRefreshToken({ hash: refresh.hash, sessionId: sid, userId: user.id, parentHash: null, now });
    });
    return sessionResponse(user, sid, refresh.token, now);
  }

  async function housekeeping(now: Date) {
    if (now.getTime() - lastHousekeeping < HOUSEKEEPING_INTERVAL_MS) return;
    lastHousekeeping = now.getTime();
    const removed = await sessions.deleteExpiredSessions(now);
    if (removed) logger.info({ removed }, "auth: expired sessions removed");
  }

  return {
    /**
     * Creates a password user. Without confirmation the user is confirmed at
     * once and gets a session; with AUTH_CONFIRM_EMAIL the user comes back
     * alone (GoTrue's shape: the user object at the top level). No mail is
     * sent in the embedded mode: the confirmation link goes to the log.
     */
    async signUp(
      input: { email: string; password: string; invitation?: string | undefined },
      meta: RequestMeta,
      links: { verifyUrl: string; redirectTo: string },
    ) {
      if (input.password.length < MIN_PASSWORD_LENGTH) {
        throw new GoTrueError(422, "weak_password", `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
          weak_password: { reasons: ["length"] },
        });
      }
      // A password is bytes once hashed: an unpaired surrogate becomes U+FFFD on the way, so
      // "Pass\ud800word", "Pass\udfffword" and "Pass\ufffdword" would be one password. Refused.
      if (textProblem(input.password) !== null || input.password.includes("\ufffd")) {
        throw new GoTrueError(422, "weak_password", "Password contains characters that are not valid text (an unpaired surrogate or U+FFFD). Choose another password.", {
          weak_password: { reasons: ["characters"] },
        });
      }
      const exists = () => new GoTrueError(422, "user_already_exists", "User already registered");
      // Refused before the password is hashed; checked again under the lock below.
      await admission(db, config, input, new Date());
      if (await users.findByEmail(input.email)) throw exists();
      const passwordHash = await hashPassword(input.password);
      let user: UserRow;
      try {
        user = await db.transaction().execute(async (trx) => {
          // One sign-up at a time: the first account's admin rule and an invitation's single use hold under races.
          await instanceSettingsRepository(trx).lock();
          const now = new Date();
          const { first, invitationId } = await admission(trx, config, input, now);
          const created = await usersRepository(trx).insertPasswordUser({
            email: input.email,
            passwordHash,
            emailConfirmedAt: config.AUTH_CONFIRM_EMAIL ? null : now,
            isAdmin: first,
          });
          if (invitationId) await invitationsRepository(trx).consume(invitationId, created.id, now);
          if (first) logger.info({ userId: created.id }, "auth: the instance's first account is its admin");
          return created;
        });
      } catch (err) {
        // Two sign-ups with one address at once: the unique index decides.
        if (isUniqueViolation(err)) throw exists();
        throw err;
      }
      if (config.AUTH_CONFIRM_EMAIL) {
        const token = await signConfirmation(tokens, user);
        const link = `${links.verifyUrl}?${new URLSearchParams({ token, type: "signup", redirect_to: links.redirectTo })}`;
        logger.warn(
          { userId: user.id, confirmationLink: link },
          "auth: sign-up awaits e-mail confirmation, but the built-in auth sends no mail; hand the user this link (valid 24 h) or set AUTH_CONFIRM_EMAIL=false",
        );
        return { user: goTrueUser(user), session: null };
      }
      return { user: goTrueUser(user), session: await startSession(user, meta) };
    },

    async signInWithPassword(input: { email: string; password: string }, meta: RequestMeta) {
      await housekeeping(new Date());
      const user = await users.findByEmail(input.email);
      // Always verify (a dummy hash for unknown users) so timing does not reveal accounts.
      const ok = await verifyPassword(user?.password_hash, input.password);
      if (!user || !ok) throw invalidCredentials();
      if (user.disabled_at) throw accountDisabled();
      // Checked after the password so the answer leaks nothing to a guesser. When the operator
      // turns confirmation off, waiting users can sign in (no mail could ever reach them).
      if (config.AUTH_CONFIRM_EMAIL && !user.email_confirmed_at) {
        throw new GoTrueError(400, "email_not_confirmed", "Email not confirmed");
      }
      return startSession(user, meta);
    },

    /**
     * Rotates a refresh token. A spent token presented again within the grace
     * window (a client that lost the first answer, or two tabs racing) gets a
     * fresh token for the same session, as GoTrue does; later it is treated
     * as theft and the whole session ends, so every token and access token of
     * it stops working.
     */
    async refresh(presented: string, meta: RequestMeta) {
      const now = new Date();
      const graceMs = config.AUTH_REFRESH_REUSE_GRACE_SECONDS * 1000;
      const next = newRefreshToken();
      // Failures are returned, not thrown, so the revocation they record commits.
      const outcome = await db.transaction().execute(async (trx) => {
        const inTx = authSessionsRepository(trx);
        const row = await inTx.findRefreshTokenForUpdate(hashRefreshToken(presented));
        if (!row) {
          return new GoTrueError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
        }
        if (row.expire <= now) {
          await inTx.deleteSession(row.session_id);
          return new GoTrueError(400, "session_expired", "Invalid Refresh Token: Session Expired");
        }
        if (row.revoked) {
          // Measured after the lock: a racing refresh may have spent the token while we waited.
          if (Date.now() - row.updated_at.getTime() > graceMs) {
            await inTx.deleteSession(row.session_id);
            logger.warn({ userId: row.user_id, sessionId: row.session_id, ip: meta.ip }, "auth: refresh token reuse detected, session revoked");
            return new GoTrueError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
          }
        } else {
          await inTx.revokeRefreshToken(row.id, now);
        }
        await inTx.insertRefreshToken({
          hash: next.hash,
          sessionId: row.session_id,
          userId: row.user_id,
          parentHash: row.token_hash,
          now,
        });
        const sess = { ...(row.sess as unknown as SessionData), refreshed_at: now.toISOString(), ip: meta.ip, user_agent: meta.userAgent };
        await inTx.touchSession(row.session_id, sess, new Date(now.getTime() + SESSION_INACTIVITY_MS));
        return { sessionId: row.session_id, userId: row.user_id };
      });
      if (outcome instanceof GoTrueError) throw outcome;
      const user = await users.findById(outcome.userId);
      if (!user) throw new GoTrueError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
      if (user.disabled_at) {
        await sessions.deleteSession(outcome.sessionId);
        throw accountDisabled();
      }
      return sessionResponse(user, outcome.sessionId, next.token, now);
    },

    /**
     * Opens a confirmation link: confirms the e-mail and starts a session, as
     * GoTrue's /verify does. A link is good once; GoTrue's otp_expired after.
     */
    async confirmEmail(token: string, meta: RequestMeta) {
      const expired = () => new GoTrueError(403, "otp_expired", "Email link is invalid or has expired");
      let claims;
      try {
        claims = await verifyConfirmation(tokens, token);
      } catch {
        throw expired();
      }
      const user = await users.confirmEmail(claims.id, claims.email, new Date());
      if (!user) throw expired();
      return startSession(user, meta);
    },

    /** The bearer's user and session, with GoTrue's answers for each way it can fail. */
    async authenticate(authorization: string | undefined) {
      const session = await sessionOfBearer(db, tokens, authorization);
      if (session.ok) return { user: session.user, sessionId: session.sessionId };
      if (session.reason === "missing") throw new GoTrueError(401, "no_authorization", "This endpoint requires a valid Bearer token");
      if (session.reason === "invalid_token") {
        throw new GoTrueError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${session.detail}`);
      }
      throw new GoTrueError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    },

    async logout(auth: { userId: string; sessionId: string }, scope: LogoutScope) {
      if (scope === "local") await sessions.deleteSession(auth.sessionId);
      else await sessions.deleteUserSessions(auth.userId, scope === "others" ? auth.sessionId : undefined);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
