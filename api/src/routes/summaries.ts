import { generateSummarySchema, listSummariesQuerySchema } from "@vj/core";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { ServiceContext } from "../services/context.js";
import { deleteSummary, listSummaries, requestSummary } from "../services/summaries.js";
import { deleted, idParam, jsonBodyLimit, readJson, readQuery } from "./request.js";

export function summaryRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const query = readQuery(c, listSummariesQuerySchema);
      return c.json(await listSummaries(ctx, c.var.user.id, query));
    })
    .post("/generate", jsonBodyLimit, async (c) => {
      const input = await readJson(c, generateSummarySchema);
      // Answered at once with the pending summary (202); a resent request finds the same one (200).
      const { summary, created } = await requestSummary(ctx, c.var.user.id, input);
      return c.json(summary, created ? 202 : 200);
    })
    .delete("/:id", async (c) => {
      await deleteSummary(ctx, c.var.user.id, idParam(c, "Summary"));
      return c.json(deleted);
    });
}
