import { aiTestInputSchema, createInvitationSchema, updateAccountSchema, updateInstanceSettingsSchema } from "@vj/core";
import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { noRouteResponse } from "../errors.js";
import { testAi } from "../instance/ai-test.js";
import { usersRepository } from "../repositories/users.js";
import { deleteAccountByAdmin, listAccounts, readSettings, updateAccount, updateSettings } from "../services/admin.js";
import type { ServiceContext } from "../services/context.js";
import { createInvitation, listInvitations, revokeInvitation } from "../services/invitations.js";
import { deleted, idParam, jsonBodyLimit, readJson } from "./request.js";

/** What the admin screen reads beside the database: the state of the engines, queues and backups. */
export type InstanceStateReader = () => Promise<unknown>;

/**
 * Only an admin who can sign in gets past: for anyone else /api/admin answers exactly as a
 * path that does not exist, so the screen's existence tells them nothing.
 */
function adminsOnly(ctx: ServiceContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await usersRepository(ctx.db).findById(c.var.user.id);
    if (!user?.is_admin || user.disabled_at) return noRouteResponse(c);
    await next();
  };
}

/** Mounted at /api/admin (DESIGN §16). */
export function adminRoutes(ctx: ServiceContext, state: () => Promise<object>) {
  return new Hono<AppEnv>()
    .use("*", adminsOnly(ctx))
    .get("/accounts", async (c) => c.json(await listAccounts(ctx)))
    .patch("/accounts/:id", jsonBodyLimit, async (c) => {
      const input = await readJson(c, updateAccountSchema);
      return c.json(await updateAccount(ctx, c.var.user.id, idParam(c, "Account"), input));
    })
    .delete("/accounts/:id", async (c) => {
      await deleteAccountByAdmin(ctx, c.var.user.id, idParam(c, "Account"));
      return c.json(deleted);
    })
    .get("/invitations", async (c) => c.json(await listInvitations(ctx)))
    .post("/invitations", jsonBodyLimit, async (c) => {
      const input = await readJson(c, createInvitationSchema);
      return c.json(await createInvitation(ctx, c.var.user.id, input), 201);
    })
    .delete("/invitations/:id", async (c) => {
      await revokeInvitation(ctx, idParam(c, "Invitation"));
      return c.json(deleted);
    })
    .get("/settings", async (c) => c.json(await readSettings(ctx)))
    .patch("/settings", jsonBodyLimit, async (c) => {
      const input = await readJson(c, updateInstanceSettingsSchema);
      return c.json(await updateSettings(ctx, input));
    })
    .post("/ai-test", jsonBodyLimit, async (c) => {
      const input = await readJson(c, aiTestInputSchema);
      return c.json(await testAi(ctx.config, ctx.instance, input));
    })
    .get("/state", async (c) => c.json(await state()));
}
