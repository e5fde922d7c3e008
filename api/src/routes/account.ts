import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { deleteAccount } from "../services/account.js";
import type { ServiceContext } from "../services/context.js";
import { deleted } from "./request.js";

/** Mounted at /api/auth: the spec's account deletion call, authorised by the bearer token alone. */
export function accountRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>().delete("/delete-account", async (c) => {
    await deleteAccount(ctx, c.var.user.id);
    return c.json(deleted);
  });
}
