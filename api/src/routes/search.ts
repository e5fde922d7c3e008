import { NEXT_CURSOR_HEADER, searchQuerySchema } from "@vj/core";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { ServiceContext } from "../services/context.js";
import { searchJournal } from "../search/service.js";
import { readQuery } from "./request.js";

export function searchRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const query = readQuery(c, searchQuerySchema);
    const { hits, nextCursor } = await searchJournal(ctx, c.var.user.id, query);
    if (nextCursor) c.header(NEXT_CURSOR_HEADER, nextCursor);
    return c.json(hits);
  });
}
