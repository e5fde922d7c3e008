import { idSchema } from "@vj/core";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorResponse, notFound } from "../errors.js";

/**
 * The `:id` path parameter. A malformed id cannot name any row (and PostgreSQL would reject
 * it as uuid text), so it answers the same 404 as a missing one.
 */
export function idParam(c: Context, what: string): string {
  const id = c.req.param("id");
  if (!idSchema.safeParse(id).success) throw notFound(what);
  return id!;
}

/** JSON bodies stay small: the largest field is a 200k-character transcript. */
export const jsonBodyLimit = bodyLimit({
  maxSize: 2 * 1024 * 1024,
  onError: (c) => {
    // The unread rest of the body makes this connection useless: tell the client not to reuse it.
    c.header("Connection", "close");
    return errorResponse(c, "payload_too_large", "The request body is too large");
  },
});

export const deleted = { success: true as const };
