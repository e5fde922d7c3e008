import type { AppDeps } from "../../src/app-env.js";
import { productRoutes, publicProductRoutes } from "../../src/routes/index.js";

/**
 * Every product route as the route files register it, e.g. "get /api/voice-notes/{id}/audio":
 * the one inventory that the OpenAPI operations and the security test's table are checked
 * against, so a new route that joins neither fails a test.
 */
export function productRouteInventory(deps: AppDeps): string[] {
  const keys = [...productRoutes(deps).routes, ...publicProductRoutes(deps).routes]
    .filter((r) => r.method !== "ALL")
    .map((r) => `${r.method.toLowerCase()} /api${r.path.replace(/:(\w+)/g, "{$1}")}`);
  // A route with middleware (a body limit) is registered once per handler.
  return [...new Set(keys)].sort();
}
