import { MAX_EMAIL_LENGTH } from "@vj/core";
import { z } from "zod";

/**
 * Request bodies of the GoTrue subset, as auth-js 2.x sends them. Unknown
 * fields (captcha, PKCE, channel, ...) are accepted and ignored, as GoTrue
 * ignores what it does not use.
 */
const email = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .toLowerCase()
    .max(MAX_EMAIL_LENGTH, "Unable to validate email address: invalid format")
    .pipe(z.email({ error: "Unable to validate email address: invalid format" }));

export const signUpBody = z.looseObject({
  email: email("To signup, please provide your email"),
  // Length rules answer 422 weak_password (GoTrue), not 400, so they live in the service; the cap stops hashing megabytes.
  password: z.string({ error: "Signup requires a valid password" }).max(1024, "Password cannot be longer than 1024 characters"),
  data: z.record(z.string(), z.unknown()).nullish(),
});

export const signUpQuery = z.looseObject({
  redirect_to: z.string().max(2048).optional(),
});

export const passwordGrantBody = z.looseObject({
  email: z.string({ error: "missing email or phone" }).trim().toLowerCase().max(MAX_EMAIL_LENGTH, "Invalid login credentials"),
  password: z.string({ error: "missing password" }).max(1024, "Invalid login credentials"),
});

export const refreshGrantBody = z.looseObject({
  refresh_token: z.string({ error: "refresh_token required" }).min(1, "refresh_token required").max(512),
});

export const tokenQuery = z.looseObject({
  grant_type: z.enum(["password", "refresh_token"], { error: "unsupported_grant_type" }),
});

export const logoutQuery = z.looseObject({
  scope: z.enum(["global", "local", "others"], { error: "Unsupported logout scope" }).default("global"),
});

export type LogoutScope = z.infer<typeof logoutQuery>["scope"];

export const verifyQuery = z.looseObject({
  token: z.string({ error: "Verify requires a token" }).min(1, "Verify requires a token").max(4096),
  type: z.enum(["signup", "email"], { error: "Verify requires a verification type" }),
  redirect_to: z.string().max(2048).optional(),
});
