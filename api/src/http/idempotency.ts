import type { MiddlewareHandler } from "hono";
import type { Kysely } from "kysely";
import type { AppEnv } from "../app-env.js";
import type { DB } from "../db/schema.js";
import { errorResponse } from "../errors.js";
import { appliedChangesRepository } from "../repositories/applied-changes.js";

/** The header a change made on a device carries its id in (DESIGN §13). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Set on an answer given again for a change already applied. */
export const REPLAYED_HEADER = "Idempotent-Replayed";

const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;
const CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A change sent with an Idempotency-Key is applied once: the first request runs and its JSON
 * answer is kept; the same key again (a replay after a lost answer) gets that answer back, marked
 * with Idempotent-Replayed, and changes nothing. An answer worth retrying (5xx, 429) is not kept,
 * so the retry runs again. The same key on a different request is refused (422); while the first
 * is still being applied a repeat is told to try again shortly (429 with Retry-After).
 */
export function idempotentChanges(db: Kysely<DB>): MiddlewareHandler<AppEnv> {
  const changes = appliedChangesRepository(db);
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || !CHANGING.has(c.req.method)) return next();
    if (!KEY_PATTERN.test(key)) {
      return errorResponse(c, "validation_failed", `${IDEMPOTENCY_HEADER} must be 1 to 200 letters, digits or . _ : -`);
    }
    const userId = c.var.user.id;
    const request = `${c.req.method} ${c.req.path}`;
    if (!(await changes.claim(userId, key, request))) {
      const applied = await changes.find(userId, key);
      if (applied && applied.request !== request) {
        return errorResponse(c, "unprocessable", `This ${IDEMPOTENCY_HEADER} was already used for another change`);
      }
      if (!applied || applied.status === null) {
        c.header("Retry-After", "1");
        return errorResponse(c, "rate_limited", "This change is being applied. Please try again in a moment.");
      }
      return new Response(applied.body, {
        status: applied.status,
        headers: { "Content-Type": "application/json; charset=UTF-8", [REPLAYED_HEADER]: "true" },
      });
    }
    try {
      await next();
    } catch (err) {
      await changes.release(userId, key);
      throw err;
    }
    const res = c.res;
    const json = (res.headers.get("Content-Type") ?? "").includes("application/json");
    if (!json || res.status >= 500 || res.status === 429 || res.status === 401) {
      await changes.release(userId, key);
      return;
    }
    await changes.settle(userId, key, res.status, await res.clone().text());
  };
}
