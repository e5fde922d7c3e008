import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { errorStatus, type ErrorBody, type ErrorCode } from "@vj/core";
import type { Logger } from "./logger.js";

/** A typed error a service throws; `onError` turns it into the one JSON shape. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorBody["error"]["issues"],
    /** limit_reached: when the limit resets (answered as `resetsAt` and Retry-After). */
    readonly resetsAt?: Date,
    /** conflict: the item as it is now, so the person can compare both versions. */
    readonly current?: Record<string, unknown>,
  ) {
    super(message);
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = "Resource") => new ApiError("not_found", `${what} not found`);

export function errorResponse(
  c: Context,
  code: ErrorCode,
  message: string,
  issues?: ErrorBody["error"]["issues"],
  resetsAt?: Date,
  current?: Record<string, unknown>,
) {
  const body: ErrorBody = {
    error: { code, message, ...(issues ? { issues } : {}), ...(resetsAt ? { resetsAt: resetsAt.toISOString() } : {}), ...(current ? { current } : {}) },
  };
  if (resetsAt) c.header("Retry-After", String(Math.max(1, Math.ceil((resetsAt.getTime() - Date.now()) / 1000))));
  return c.json(body, errorStatus[code] as 400);
}

/** What a path no route serves answers; a route that must not be known to someone (/api/admin) answers the same. */
export const noRouteResponse = (c: Context) => errorResponse(c, "not_found", `No route for ${c.req.method} ${c.req.path}`);

export function createErrorHandler(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof ApiError) return errorResponse(c, err.code, err.message, err.issues, err.resetsAt, err.current);
    if (err instanceof HTTPException) {
      const status = err.status;
      const code = (Object.entries(errorStatus).find(([, s]) => s === status)?.[0] ?? "bad_request") as ErrorCode;
      return errorResponse(c, code, err.message || "Request failed");
    }
    // The client went away (a stopped answer, a closed tab): what failed after is no server fault,
    // and nobody hears the answer.
    if (c.req.raw.signal.aborted) {
      logger.info({ path: c.req.path, method: c.req.method, reason: err.message }, "request ended: the client went away");
      return errorResponse(c, "bad_request", "The request was cancelled");
    }
    logger.error({ err, path: c.req.path, method: c.req.method }, "unhandled error");
    return errorResponse(c, "internal", "Something went wrong on our side. Please try again.");
  };
}
