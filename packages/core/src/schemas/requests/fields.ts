import { z } from "zod";
import { isValidPeriodKey, isValidTimeZone, type Period } from "../../period.js";
import { periodSchema } from "../common.js";

/*
 * The fields and helpers of what the API accepts (bodies and query strings). Only the API's request
 * schemas use them: a module the web imports for the answers it reads never builds them.
 */

export const isoDateTime = z.iso.datetime({ offset: true, error: "Expected an ISO 8601 timestamp" });

/** An IANA zone; absent means UTC. Every list/generate call from the web sends the browser's zone. */
export const timeZoneSchema = z
  .string()
  .max(100)
  .refine(isValidTimeZone, { error: "Unknown time zone (expected an IANA name such as Europe/London)" });

const periodKeyText = z.string().max(10);

/** A period and a key that names a real period of that kind (2024-02-30 and 2024-W60 are refused). */
export function withValidPeriodKey<T extends { period: Period; periodKey: string }>(value: T, ctx: z.RefinementCtx) {
  if (!isValidPeriodKey(value.period, value.periodKey)) {
    const shape = value.period === "day" ? "YYYY-MM-DD" : value.period === "week" ? "YYYY-Www" : "YYYY-MM";
    ctx.addIssue({
      code: "custom",
      path: ["periodKey"],
      message: `periodKey must be a real ${value.period} written ${shape}`,
    });
  }
}

export const periodQueryFields = { period: periodSchema, periodKey: periodKeyText };

/** Optional text that treats "" as absent (forms send empty strings for unset fields). */
export const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/**
 * Numbers in query strings and form fields are written in decimal: "0x10", "0b1", "1e3" and
 * "Infinity" are refused (Number(), which z.coerce uses, would read them as numbers).
 */
export const decimalOnly = (v: unknown) => (typeof v === "string" && !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(v.trim()) ? Number.NaN : v);

/** A page-size query parameter: a whole number from 1 to `max`, `fallback` when absent. */
export function pageLimitParam(fallback: number, max: number, description: string) {
  return z.preprocess(
    (v) => decimalOnly(blankAsUndefined(v)),
    z.coerce
      .number({ error: "limit must be a whole number" })
      .int({ error: "limit must be a whole number" })
      .min(1, { error: "limit must be at least 1" })
      .max(max, { error: `limit must be at most ${max}` })
      .default(fallback)
      .describe(`${description} (default ${fallback}, at most ${max})`),
  );
}

/** The `before` query parameter: the previous page's X-Next-Cursor, decoded; a text this API did not write is refused. */
export function pageCursorParam<T>(decode: (text: string) => T | null, description: string) {
  return z.preprocess(
    blankAsUndefined,
    z
      .string()
      .max(200, { error: "before is not a cursor this API gave out" })
      .transform((text, ctx) => {
        const cursor = decode(text);
        if (!cursor) ctx.addIssue({ code: "custom", message: "before is not a cursor this API gave out" });
        return cursor ?? z.NEVER;
      })
      .optional()
      .describe(description),
  );
}
