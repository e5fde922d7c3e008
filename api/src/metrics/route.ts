import type { Context } from "hono";
import { errorResponse } from "../errors.js";
import { metricsTokenMatches, type Metrics } from "./metrics.js";

/**
 * GET /metrics in Prometheus's text format. On the app's port only with METRICS_TOKEN (as a
 * bearer token); without it the path does not exist here (METRICS_PORT serves it on loopback).
 */
export function metricsRoute(metrics: Metrics, token: string | undefined) {
  return async (c: Context) => {
    if (!token) return errorResponse(c, "not_found", "Metrics are off: set METRICS_TOKEN, or METRICS_PORT for a loopback port");
    if (!metricsTokenMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return errorResponse(c, "unauthorized", "Metrics need the METRICS_TOKEN as a bearer token");
    }
    return metricsText(metrics);
  };
}

export async function metricsText(metrics: Metrics): Promise<Response> {
  return new Response(await metrics.registry.metrics(), {
    headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" },
  });
}
