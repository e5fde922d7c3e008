import { calendarQuerySchema, onThisDayQuerySchema } from "@vj/core";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { calendarMonth } from "../services/calendar.js";
import type { ServiceContext } from "../services/context.js";
import { onThisDay } from "../services/on-this-day.js";
import { readQuery } from "./request.js";

/** The journal by local day: the calendar with its streaks, and On This Day. */
export function calendarRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>().get("/", async (c) => c.json(await calendarMonth(ctx, c.var.user.id, readQuery(c, calendarQuerySchema))));
}

export function onThisDayRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>().get("/", async (c) => c.json(await onThisDay(ctx, c.var.user.id, readQuery(c, onThisDayQuerySchema))));
}
