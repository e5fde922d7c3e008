import { deletePushSubscriptionSchema, pushSubscriptionInputSchema, putReminderSettingsSchema } from "@vj/core";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { ServiceContext } from "../services/context.js";
import { getReminderSettings, pushPublicKey, putReminderSettings, subscribePush, unsubscribePush } from "../services/reminders.js";
import { deleted, jsonBodyLimit, readJson } from "./request.js";

/** "Remind me to journal": the settings. */
export function reminderRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await getReminderSettings(ctx, c.var.user.id)))
    .put("/", jsonBodyLimit, async (c) => c.json(await putReminderSettings(ctx, c.var.user.id, await readJson(c, putReminderSettingsSchema))));
}

/** Web Push: the server's public key, and each device's subscription. */
export function pushRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>()
    .get("/public-key", (c) => c.json(pushPublicKey(ctx)))
    .post("/subscriptions", jsonBodyLimit, async (c) => {
      await subscribePush(ctx, c.var.user.id, await readJson(c, pushSubscriptionInputSchema));
      return c.json({ success: true as const }, 201);
    })
    .delete("/subscriptions", jsonBodyLimit, async (c) => {
      await unsubscribePush(ctx, c.var.user.id, (await readJson(c, deletePushSubscriptionSchema)).endpoint);
      return c.json(deleted);
    });
}
