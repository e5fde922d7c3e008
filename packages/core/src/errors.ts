import { z } from "zod";

/**
 * The closed list of product API error codes and their HTTP statuses.
 * Every product error answers `{ error: { code, message } }` (errorBodySchema below).
 */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  unprocessable: 422,
  rate_limited: 429,
  /** A daily spending limit of the account (transcription minutes, summaries, Ask questions); `resetsAt` says when it resets. */
  limit_reached: 429,
  internal: 500,
  /** An engine answered but asking again will not help (rejected key, refusal, notes too long even in parts). */
  engine_failed: 502,
  engine_unavailable: 503,
  /** Supabase mode: the project's auth server could not be reached or refused an admin call. */
  auth_provider_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const ERROR_CODES = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** The one error body of the product API; the API, its OpenAPI document, its tests and the web client derive from it. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** limit_reached: when the limit resets (ISO), the account's next local midnight. */
    resetsAt: z.string().optional(),
    /** conflict on an edit made from an older version: the item as it is now on the server. */
    current: z.record(z.string(), z.unknown()).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
