import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ZodType, z } from "zod";
import { errorStatus, type ErrorBody, type ErrorCode } from "@vj/core";
import type { Logger } from "./logger.js";

/** A typed error a service throws; `onError` turns it into the one JSON shape. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorBody["error"]["issues"],
  ) {
    super(message);
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = "Resource") => new ApiError("not_found", `${what} not found`);

export function errorResponse(c: Context, code: ErrorCode, message: string, issues?: ErrorBody["error"]["issues"]) {
  const body: ErrorBody = { error: { code, message, ...(issues ? { issues } : {}) } };
  return c.json(body, errorStatus[code] as 400);
}

export function createErrorHandler(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof ApiError) return errorResponse(c, err.code, err.message, err.issues);
    if (err instanceof HTTPException) {
      const status = err.status;
      const code = (Object.entries(errorStatus).find(([, s]) => s === status)?.[0] ?? "bad_request") as ErrorCode;
      return errorResponse(c, code, err.message || "Request failed");
    }
    logger.error({ err, path: c.req.path, method: c.req.method }, "unhandled error");
    return errorResponse(c, "internal", "Something went wrong on our side. Please try again.");
  };
}

/** Turns zod issues into the error shape; the first message leads so the spec's texts reach the user. */
export function validationError(error: z.ZodError): ApiError {
  const issues = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid request";
  return new ApiError("validation_failed", message, issues);
}

export function parseWith<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  const nul = nulCharPath(result.data);
  if (nul !== null) {
    const message = "must not contain NUL (\\u0000) characters";
    throw new ApiError("validation_failed", nul ? `${nul}: ${message}` : message, [{ path: nul, message }]);
  }
  return result.data;
}

/**
 * Where a parsed input holds a string with U+0000, or null. PostgreSQL text cannot store that
 * character: the query would fail and the request answer 500, so such input is refused as 400.
 */
export function nulCharPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : null;
  // Parsed inputs are flat; the bound keeps a deeply nested pass-through value from exhausting the stack.
  if (depth > 16 || value === null || typeof value !== "object") return null;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key].join(".");
    const found = nulCharPath(v, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export async function readJson<S extends ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError("bad_request", "Request body must be valid JSON");
  }
  return parseWith(schema, body);
}

export function readQuery<S extends ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}
