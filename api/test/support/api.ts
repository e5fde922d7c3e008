import { errorBodySchema, type ErrorBody, type ErrorCode } from "@vj/core";
import { expect } from "vitest";
import type { TestApp } from "../harness.js";
import type { TestUser } from "../factories.js";


/** A JSON (or multipart, or raw) request to the in-process app as `user`. */
export async function call(
  t: TestApp,
  method: string,
  path: string,
  opts: { user?: TestUser; json?: unknown; body?: RequestInit["body"]; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...(opts.user?.headers ?? {}), ...(opts.headers ?? {}) };
  let body = opts.body;
  if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  }
  return t.app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) });
}

/** Asserts the one error shape with a status and code; returns the body for message checks. */
export async function expectError(res: Response, status: number, code: ErrorCode): Promise<ErrorBody> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const parsed = errorBodySchema.safeParse(JSON.parse(text));
  expect(parsed.error, text).toBeUndefined();
  const body = parsed.data!;
  expect(body.error.code).toBe(code);
  return body;
}

export async function createDomain(t: TestApp, user: TestUser, body: Record<string, unknown> = {}) {
  const res = await call(t, "POST", "/api/domains", {
    user,
    json: { name: `Journal ${Math.random().toString(36).slice(2, 8)}`, primaryColor: "#3b82f6", isDefault: false, userId: "", ...body },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; name: string; slug: string; isDefault: boolean };
}
