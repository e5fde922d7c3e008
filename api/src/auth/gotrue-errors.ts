import type { Context } from "hono";
import type { Logger } from "../logger.js";

/** The GoTrue error codes the built-in auth answers (names as upstream, so auth-js maps them). */
export type GoTrueErrorCode =
  | "validation_failed"
  | "bad_json"
  | "weak_password"
  | "user_already_exists"
  | "invalid_credentials"
  | "email_not_confirmed"
  | "refresh_token_not_found"
  | "refresh_token_already_used"
  | "session_expired"
  | "session_not_found"
  | "no_authorization"
  | "bad_jwt"
  | "signup_disabled"
  | "user_banned"
  | "over_request_rate_limit"
  | "otp_expired"
  | "not_found"
  | "unexpected_failure";

/** A GoTrue-shaped failure; `extra` carries fields such as `weak_password: { reasons }`. */
export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly code: GoTrueErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const API_VERSION_HEADER = "X-Supabase-Api-Version";
const API_VERSION_2024 = "2024-01-01";

/**
 * GoTrue answers two error shapes: clients that send the API-version header
 * (auth-js always sends 2024-01-01) get `{ code: "<error code>", message }`
 * and the header echoed back; older clients get `{ code: <status>,
 * error_code, msg }`. auth-js reads `code` only when it sees the echoed
 * header, otherwise `error_code`.
 */
export function goTrueErrorResponse(c: Context, err: GoTrueError) {
  const requested = c.req.header(API_VERSION_HEADER);
  if (requested && /^\d{4}-\d{2}-\d{2}$/.test(requested) && requested >= API_VERSION_2024) {
    c.header(API_VERSION_HEADER, API_VERSION_2024);
    return c.json({ code: err.code, message: err.message, ...err.extra }, err.status as 400);
  }
  return c.json({ code: err.status, error_code: err.code, msg: err.message, ...err.extra }, err.status as 400);
}

/** onError for the /auth/v1 sub-app: nothing leaves it in the product API's shape. */
export function createGoTrueErrorHandler(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof GoTrueError) return goTrueErrorResponse(c, err);
    logger.error({ err, path: c.req.path, method: c.req.method }, "unhandled auth error");
    return goTrueErrorResponse(
      c,
      new GoTrueError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information"),
    );
  };
}

export const invalidCredentials = () => new GoTrueError(400, "invalid_credentials", "Invalid login credentials");

export const ACCOUNT_DISABLED = "This account has been disabled. Ask the person who runs this Voice Journal to enable it again.";

/** GoTrue's answer for a banned user; here, an account an admin disabled. */
export const accountDisabled = () => new GoTrueError(400, "user_banned", ACCOUNT_DISABLED);
