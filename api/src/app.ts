import { Hono } from "hono";
import type { AppDeps, AppEnv } from "./app-env.js";
import { createAccessTokens } from "./auth/access-tokens.js";
import { requireUser } from "./auth/middleware.js";
import { authRoutes } from "./auth/routes.js";
import { createSupabaseTokens } from "./auth/supabase-tokens.js";
import { createUserCache } from "./auth/user-cache.js";
import { compressJson } from "./compression.js";
import { createErrorHandler, errorResponse, noRouteResponse } from "./errors.js";
import { cachePolicy } from "./http/cache-policy.js";
import { requestScope } from "./http/stray-errors.js";
import { robotsRoutes } from "./http/robots.js";
import { securityHeaders } from "./http/security-headers.js";
import { openApiRoutes } from "./openapi/routes.js";
import { healthRoutes } from "./routes/health.js";
import { idempotentChanges } from "./http/idempotency.js";
import { productRoutes, publicProductRoutes } from "./routes/index.js";
import { activityRecorder } from "./auth/activity.js";
import { inlineScriptHashes, scanPrerenderedPages } from "./prerendered-pages.js";
import { mountWebApp } from "./web-static.js";
import { createMetrics } from "./metrics/metrics.js";
import { metricsRoute } from "./metrics/route.js";
import { localChangeFeed } from "./changes/change-feed.js";
import { mcpRoutes } from "./mcp/route.js";
import { oauthRoutes } from "./oauth/routes.js";
import { serviceContext } from "./routes/index.js";

/** Builds the whole HTTP surface from its dependencies (tests call it in-process). */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(deps.logger));
  // First: an error that escapes a request's handling is still that request's (http/stray-errors.ts).
  app.use("*", requestScope());
  deps.metrics ??= createMetrics(deps.database.db);
  // One feed for the events streams and the services that end them (account deletion).
  deps.changes ??= localChangeFeed();
  const metrics = deps.metrics;
  app.use("*", metrics.http);
  // Read once: their inline scripts' hashes go into the CSP, and they are served at their paths.
  const prerendered = scanPrerenderedPages(deps.config.WEB_DIST);
  // First, so every answer (errors and the SPA fallback included) carries them.
  app.use("*", securityHeaders(deps.config, inlineScriptHashes(prerendered)), cachePolicy());
  const tokens = createAccessTokens(deps.config);
  // Supabase mode: the project's own auth serves /auth/v1, we only verify its tokens.
  const supabase = createSupabaseTokens(deps.config);
  // JSON answers over 1 KiB (note lists, summaries, the OpenAPI document) go out compressed;
  // audio and smaller answers as they are.
  app.use("/api/*", compressJson({ threshold: 1024 }));

  app.route("/api/health", healthRoutes(deps));
  // Public like health: registered before the bearer middleware below, so they answer first.
  app.route("/api", openApiRoutes());
  app.route("/api", publicProductRoutes(deps));
  if (!supabase) app.route("/auth/v1", authRoutes(deps, tokens));

  const api = new Hono<AppEnv>();
  // Supabase mode reads the users row for each token; a few seconds of it are kept, and what this
  // process learns of an account disabled or deleted ends that at once.
  const users = supabase ? createUserCache() : undefined;
  const onAccountRevoked = (userId: string) => {
    users?.forget(userId);
    deps.onAccountRevoked?.(userId);
  };
  api.use("*", requireUser({ db: deps.database.db, tokens, supabase, users, onActive: activityRecorder(deps.database.db, deps.logger) }));
  api.use("*", idempotentChanges(deps.database.db));
  api.route("/", productRoutes({ ...deps, onAccountRevoked }));
  api.all("*", noRouteResponse);
  app.route("/api", api);

  // Assistants: their own credentials, never the app's session tokens (mcp/route.ts).
  app.route("/mcp", mcpRoutes(serviceContext(deps)));
  app.route("/", oauthRoutes(serviceContext(deps)));

  app.get("/metrics", metricsRoute(metrics, deps.config.METRICS_TOKEN));
  app.all("/auth/v1/*", (c) => c.json({ code: 404, error_code: "not_found", msg: "Not found" }, 404));
  app.route("/", robotsRoutes());
  mountWebApp(app, deps.config.WEB_DIST, prerendered);
  return app;
}

/** ROLE=worker's HTTP surface: only the health check, so an orchestrator can watch the process. */
export function createWorkerApp(deps: AppDeps) {
  const app = new Hono();
  app.onError(createErrorHandler(deps.logger));
  app.route("/api/health", healthRoutes(deps));
  app.all("*", (c) => errorResponse(c, "not_found", "This is a transcription worker (ROLE=worker): it serves no API"));
  return app;
}
