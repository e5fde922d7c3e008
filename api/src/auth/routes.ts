import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { ZodType, z } from "zod";
import type { AppDeps } from "../app-env.js";
import { checkInput, limitBody, readJsonBody } from "../routes/request.js";
import type { AccessTokens } from "./access-tokens.js";
import { clientIp, rateLimitKey } from "./client-ip.js";
import { createGoTrueErrorHandler, GoTrueError } from "./gotrue-errors.js";
import { RateLimiter } from "./rate-limit.js";
import {
  logoutQuery,
  passwordGrantBody,
  refreshGrantBody,
  signUpBody,
  signUpQuery,
  tokenQuery,
  verifyQuery,
} from "./schemas.js";
import { createAuthService, type RequestMeta } from "./service.js";
import { goTrueUser } from "./user-json.js";
import { signupPolicy } from "../instance/effective.js";
import { instanceSettingsRepository } from "../repositories/instance-settings.js";

/**
 * The built-in Supabase-compatible auth (the GoTrue subset supabase-js
 * calls), mounted at /auth/v1 in the embedded mode. Answers use GoTrue's
 * JSON shapes and error codes so the web app runs unchanged against a real
 * Supabase project.
 */
export function authRoutes(deps: AppDeps, tokens: AccessTokens) {
  const { config, logger } = deps;
  const service = createAuthService({ db: deps.database.db, config, tokens, logger });
  // Per app instance: each test server starts with full buckets.
  const tokenLimiter = RateLimiter.perFiveMinutes(config.AUTH_RATE_LIMIT_TOKEN, config.AUTH_RATE_LIMIT_TOKEN_BURST);
  const signUpLimiter = RateLimiter.perFiveMinutes(config.AUTH_RATE_LIMIT_SIGNUP, config.AUTH_RATE_LIMIT_SIGNUP);

  logger.info(
    { confirmEmail: config.AUTH_CONFIRM_EMAIL },
    config.AUTH_CONFIRM_EMAIL
      ? "auth: built-in auth at /auth/v1; sign-ups wait for e-mail confirmation, but no mail is sent in the embedded mode"
      : "auth: built-in auth at /auth/v1; sign-ups are confirmed at once (no mail is sent in the embedded mode)",
  );
  const app = new Hono();
  app.onError(createGoTrueErrorHandler(logger));
  // Every body here is a few hundred bytes; refuse big ones before reading them into memory.
  app.use(
    "*",
    limitBody(64 * 1024, () => {
      throw new GoTrueError(413, "validation_failed", "Request body is too large");
    }),
  );

  app.post("/signup", limit(signUpLimiter), async (c) => {
    const query = parse(signUpQuery, c.req.query());
    const body = parse(signUpBody, await readBody(c));
    const links = { verifyUrl: `${new URL(c.req.url).origin}/auth/v1/verify`, redirectTo: safeRedirect(c, query.redirect_to) };
    // The invitation link's token rides in the user metadata supabase-js sends (options.data).
    const invitation = typeof body.data?.invitation === "string" ? body.data.invitation : undefined;
    const { user, session } = await service.signUp({ email: body.email, password: body.password, invitation }, meta(c), links);
    return c.json(session ?? user);
  });

  // The confirmation link (logged, since no mail is sent): like GoTrue's implicit flow, it lands on
  // redirect_to with the session in the fragment, where supabase-js (detectSessionInUrl) picks it up.
  app.get("/verify", async (c) => {
    const query = parse(verifyQuery, c.req.query());
    const target = safeRedirect(c, query.redirect_to);
    let fragment: URLSearchParams;
    try {
      const s = await service.confirmEmail(query.token, meta(c));
      fragment = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: s.token_type,
        type: query.type,
      });
    } catch (err) {
      if (!(err instanceof GoTrueError)) throw err;
      fragment = new URLSearchParams({ error: "access_denied", error_code: err.code, error_description: err.message });
    }
    return c.redirect(`${target}#${fragment}`, 303);
  });

  app.post("/token", limit(tokenLimiter), async (c) => {
    const { grant_type } = parse(tokenQuery, c.req.query());
    const body = await readBody(c);
    if (grant_type === "password") {
      return c.json(await service.signInWithPassword(parse(passwordGrantBody, body), meta(c)));
    }
    return c.json(await service.refresh(parse(refreshGrantBody, body).refresh_token, meta(c)));
  });

  app.get("/user", async (c) => {
    const { user } = await service.authenticate(c.req.header("authorization"));
    return c.json(goTrueUser(user));
  });

  app.post("/logout", async (c) => {
    const { scope } = parse(logoutQuery, c.req.query());
    const { user, sessionId } = await service.authenticate(c.req.header("authorization"));
    await service.logout({ userId: user.id, sessionId }, scope);
    return c.body(null, 204);
  });

  // Public settings, as GoTrue publishes them; only what this server supports is switched on.
  app.get("/settings", async (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      // Under `invite` sign-ups stay possible with a link; `closed` takes invitations too, but not visitors.
      disable_signup: signupPolicy(config, await instanceSettingsRepository(deps.database.db).read()) === "closed",
      mailer_autoconfirm: !config.AUTH_CONFIRM_EMAIL,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
    }),
  );

  return app;
}

function meta(c: Context): RequestMeta {
  return { ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null };
}

/**
 * Where a link may send the browser: only this server's own host (the app
 * and the API share one origin), so a crafted redirect_to cannot hand a
 * session to another site. Anything else lands on the app's root.
 */
function safeRedirect(c: Context, raw: string | undefined): string {
  const here = new URL(c.req.url);
  if (raw) {
    try {
      const url = new URL(raw, here);
      if ((url.protocol === "http:" || url.protocol === "https:") && url.host === here.host) {
        url.hash = "";
        return url.href;
      }
    } catch {
      // not a URL: fall through to the root
    }
  }
  return `${here.origin}/`;
}

function limit(limiter: RateLimiter): MiddlewareHandler {
  return async (c, next) => {
    if (!limiter.take(rateLimitKey(clientIp(c)))) throw new GoTrueError(429, "over_request_rate_limit", "Request rate limit reached");
    await next();
  };
}

/** The JSON body in GoTrue's terms: a blank body is `{}`, a malformed one `bad_json`. */
function readBody(c: Context): Promise<unknown> {
  return readJsonBody(c, (reason) => new GoTrueError(400, "bad_json", `Could not parse request body as JSON: ${reason}`), {});
}

/** The shared input check, refused in GoTrue's shape. */
function parse<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  const checked = checkInput(schema, input);
  if (checked.ok) return checked.data;
  const { problem } = checked;
  // PostgreSQL text cannot hold U+0000: an e-mail or name with one would fail its query as a 500.
  if (problem.kind === "nul") throw new GoTrueError(400, "validation_failed", `${problem.path || "Request"}: must not contain NUL characters`);
  throw new GoTrueError(400, "validation_failed", problem.issues[0]?.message ?? "Invalid request");
}
