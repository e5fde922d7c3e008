import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../app-env.js";

/** Every product route under /api; the bearer-token check runs before these. */
export function productRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
