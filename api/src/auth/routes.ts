import { Hono } from "hono";
import type { AppDeps } from "../app-env.js";
import type { AccessTokens } from "./access-tokens.js";

/** The built-in Supabase-compatible auth (GoTrue subset) mounted at /auth/v1. */
export function authRoutes(_deps: AppDeps, _tokens: AccessTokens) {
  return new Hono();
}
