import { signupStatusQuerySchema } from "@vj/core";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { notFound } from "../errors.js";
import { usersRepository } from "../repositories/users.js";
import type { ServiceContext } from "../services/context.js";
import { signupStatus } from "../services/invitations.js";
import { accountToday } from "../services/limits.js";
import { readQuery } from "./request.js";

/** GET /api/account: who is signed in, whether they run the instance, and today's allowances. */
export function accountInfoRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const user = await usersRepository(ctx.db).findById(c.var.user.id);
    if (!user) throw notFound("Account");
    return c.json(await accountToday(ctx, user));
  });
}

/** Public (no token), mounted before the bearer check: GET /api/signup-policy for the landing and sign-up pages. */
export function signupPolicyRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const { invitation } = readQuery(c, signupStatusQuerySchema);
    return c.json(await signupStatus(ctx, ctx.instance, invitation));
  });
}
