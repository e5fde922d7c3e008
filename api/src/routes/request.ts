import type { IncomingMessage } from "node:http";
import { idSchema } from "@vj/core";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ZodType, z } from "zod";
import { ApiError, errorResponse, notFound } from "../errors.js";
import { findText } from "../storable-text.js";

/**
 * Reading requests: the one home of input validation, JSON bodies and body limits. The product
 * routes answer in the product's error shape through the helpers below; the built-in auth
 * (/auth/v1) reuses the checks and words them in GoTrue's shape.
 */

/** Why an input was refused: zod's issues, or where it holds a NUL character. */
export type InputProblem =
  | { kind: "invalid"; issues: { path: string; message: string }[] }
  | { kind: "nul"; path: string };

/** Validates with zod and refuses NUL characters; every route's input passes here. */
export function checkInput<S extends ZodType>(schema: S, input: unknown): { ok: true; data: z.infer<S> } | { ok: false; problem: InputProblem } {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return { ok: false, problem: { kind: "invalid", issues } };
  }
  const nul = nulCharPath(result.data);
  if (nul !== null) return { ok: false, problem: { kind: "nul", path: nul } };
  return { ok: true, data: result.data };
}

/**
 * Where a parsed input holds a string with U+0000, or null. PostgreSQL text cannot store that
 * character: the query would fail and the request answer 500, so such input is refused as 400.
 */
export function nulCharPath(value: unknown): string | null {
  return findText(value, (text) => text.includes("\u0000"));
}

/** The input, valid, or the product's 400 whose first message leads so the spec's texts reach the user. */
export function parseWith<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  const checked = checkInput(schema, input);
  if (checked.ok) return checked.data;
  const { problem } = checked;
  if (problem.kind === "nul") {
    const message = "must not contain NUL (\\u0000) characters";
    throw new ApiError("validation_failed", problem.path ? `${problem.path}: ${message}` : message, [{ path: problem.path, message }]);
  }
  const first = problem.issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid request";
  throw new ApiError("validation_failed", message, problem.issues);
}

/**
 * The body parsed as JSON. `refuse` words a malformed body in the caller's error shape;
 * with `empty` given, a blank body reads as that value (GoTrue accepts one).
 */
export async function readJsonBody(c: Context, refuse: (reason: string) => Error, empty?: unknown): Promise<unknown> {
  // Decided: JSON is read whatever the Content-Type (text/plain, none), as GoTrue does; a body that is not JSON is refused as such.
  const text = await c.req.text();
  if (empty !== undefined && text.trim() === "") return empty;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw refuse((err as Error).message);
  }
}

export async function readJson<S extends ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const body = await readJsonBody(c, () => new ApiError("bad_request", "Request body must be valid JSON"));
  return parseWith(schema, body);
}

export function readQuery<S extends ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}

/**
 * The `:id` path parameter. A malformed id cannot name any row (and PostgreSQL would reject
 * it as uuid text), so it answers the same 404 as a missing one.
 */
export function idParam(c: Context, what: string): string {
  const id = c.req.param("id");
  if (!idSchema.safeParse(id).success) throw notFound(what);
  return id!;
}

/** Refuses a body over `maxSize` before reading it into memory; `refuse` answers in the caller's shape. */
export function limitBody(maxSize: number, refuse: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const onError = (c: Context) => {
    // The unread rest of the body makes this connection useless: tell the client not to reuse it.
    c.header("Connection", "close");
    return refuse(c);
  };
  const limit = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    // A declared length is judged as Hono's bodyLimit judges it, without touching the body: asking
    // for c.req.raw.body makes @hono/node-server build a web Request and start streaming the body
    // into it, which requestText below does without.
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      const length = c.req.header("content-length");
      if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
        if (parseInt(length || "0", 10) > maxSize) return onError(c);
        await next();
        return;
      }
    }
    return limit(c, next);
  };
}

const utf8 = new TextDecoder();

/**
 * The request's body as text, decoded as Request.text() decodes it. Read straight from Node's
 * request when nothing has read it yet and its length was declared (limitBody judged it): the
 * web Request and stream @hono/node-server would build for it are a visible share of a small
 * JSON request.
 */
export async function requestText(c: Context): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const direct =
    incoming !== undefined &&
    incoming.headers["content-length"] !== undefined &&
    incoming.headers["transfer-encoding"] === undefined &&
    incoming.readableFlowing === null &&
    !incoming.readableDidRead;
  if (!direct) return c.req.text();
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.once("end", resolve);
    incoming.once("error", reject);
    // A request cut short ends without "end" (a no-op once it has ended).
    incoming.once("close", () => reject(new Error("The request closed before its body ended")));
  });
  return utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}

/** JSON bodies stay small: the largest field is a 200k-character transcript. */
export const jsonBodyLimit = limitBody(2 * 1024 * 1024, (c) => errorResponse(c, "payload_too_large", "The request body is too large"));

export const deleted = { success: true as const };
