import { createDomainSchema, updateDomainSchema } from "@vj/core";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { ServiceContext } from "../services/context.js";
import { createDomain, deleteDomain, getDefaultDomain, getDomainContents, getDomainStats, listDomains, updateDomain } from "../services/domains.js";
import { deleted, idParam, jsonBodyLimit, readJson } from "./request.js";

/** Collections ("domains" on the wire). */
export function domainRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await listDomains(ctx, c.var.user.id)))
    .get("/default", async (c) => c.json(await getDefaultDomain(ctx, c.var.user.id)))
    .post("/", jsonBodyLimit, async (c) => {
      const input = await readJson(c, createDomainSchema);
      return c.json(await createDomain(ctx, c.var.user.id, input), 201);
    })
    .get("/:id/stats", async (c) => c.json(await getDomainStats(ctx, c.var.user.id, idParam(c, "Collection"))))
    .get("/:id/contents", async (c) => c.json(await getDomainContents(ctx, c.var.user.id, idParam(c, "Collection"))))
    .patch("/:id", jsonBodyLimit, async (c) => {
      const id = idParam(c, "Collection");
      const patch = await readJson(c, updateDomainSchema);
      return c.json(await updateDomain(ctx, c.var.user.id, id, patch));
    })
    .delete("/:id", async (c) => {
      await deleteDomain(ctx, c.var.user.id, idParam(c, "Collection"));
      return c.json(deleted);
    });
}
