import { createSummaryTypeSchema, listSummaryTypesQuerySchema, updateSummaryTypeSchema } from "@vj/core";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { ServiceContext } from "../services/context.js";
import {
  createSummaryType,
  deleteSummaryType,
  listSummaryTypes,
  updateSummaryType,
} from "../services/summary-types.js";
import { deleted, idParam, jsonBodyLimit, readJson, readQuery } from "./request.js";

const TYPE = "Summary type";

export function summaryTypeRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const { domainId } = readQuery(c, listSummaryTypesQuerySchema);
      return c.json(await listSummaryTypes(ctx, c.var.user.id, domainId));
    })
    .post("/", jsonBodyLimit, async (c) => {
      const input = await readJson(c, createSummaryTypeSchema);
      return c.json(await createSummaryType(ctx, c.var.user.id, input), 201);
    })
    .patch("/:id", jsonBodyLimit, async (c) => {
      const id = idParam(c, TYPE);
      const patch = await readJson(c, updateSummaryTypeSchema);
      return c.json(await updateSummaryType(ctx, c.var.user.id, id, patch));
    })
    .delete("/:id", async (c) => {
      await deleteSummaryType(ctx, c.var.user.id, idParam(c, TYPE));
      return c.json(deleted);
    });
}
