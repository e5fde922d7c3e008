import { createAssistantTokenSchema } from "@vj/core";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { ServiceContext } from "../services/context.js";
import { createAssistantToken, listConnectedAssistants, revokeConnectedAssistant } from "../services/assistant-access.js";
import { deleted, idParam, jsonBodyLimit, readJson } from "./request.js";

/** Settings → Connected assistants: access tokens and OAuth-connected apps, listed and revoked together. */
export function assistantRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await listConnectedAssistants(ctx, c.var.user.id)))
    .post("/tokens", jsonBodyLimit, async (c) => {
      const input = await readJson(c, createAssistantTokenSchema);
      return c.json(await createAssistantToken(ctx, c.var.user.id, input), 201);
    })
    .delete("/:id", async (c) => {
      await revokeConnectedAssistant(ctx, c.var.user.id, idParam(c, "Connected assistant"));
      return c.json(deleted);
    });
}
