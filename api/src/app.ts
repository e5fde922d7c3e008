import { Hono } from "hono";
import type { AppDeps, AppEnv } from "./app-env.js";
import { createErrorHandler, errorResponse } from "./errors.js";
import { healthRoutes } from "./routes/health.js";
import { mountWebApp } from "./web-static.js";

/** Builds the whole HTTP surface from its dependencies (tests call it in-process). */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(deps.logger));

  app.route("/api/health", healthRoutes(deps));

  app.all("/api/*", (c) => errorResponse(c, "not_found", `No route for ${c.req.method} ${c.req.path}`));
  app.all("/auth/v1/*", (c) => c.json({ code: 404, error_code: "not_found", msg: "Not found" }, 404));
  mountWebApp(app, deps.config.WEB_DIST);
  return app;
}
