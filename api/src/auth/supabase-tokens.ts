import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { MAX_EMAIL_LENGTH } from "@vj/core";
import { z } from "zod";

const claimsSchema = z.object({
  sub: z.uuid(),
  // Phone-only Supabase users have no e-mail; this app keys accounts by e-mail.
  email: z.string().min(1).max(MAX_EMAIL_LENGTH),
  // The anon and service-role keys are JWTs of the same project: only signed-in users pass.
  role: z.literal("authenticated"),
});

/**
 * Verifies access tokens issued by a real Supabase project (the at-scale
 * auth mode): HS256 with the project's JWT secret when SUPABASE_JWT_SECRET
 * is set, otherwise the project's published signing keys (JWKS).
 */
export class SupabaseTokens {
  constructor(private readonly key: Uint8Array | JWTVerifyGetKey) {}

  async verify(token: string): Promise<{ id: string; email: string }> {
    // Supabase always sets exp; a token without one would never expire.
    const options = { audience: "authenticated", requiredClaims: ["exp"] };
    const { payload } =
      this.key instanceof Uint8Array
        ? await jwtVerify(token, this.key, { ...options, algorithms: ["HS256"] })
        : await jwtVerify(token, this.key, { ...options, algorithms: ["ES256", "RS256", "EdDSA"] });
    const claims = claimsSchema.parse(payload);
    return { id: claims.sub, email: claims.email.toLowerCase() };
  }
}

/** Supabase mode is on when SUPABASE_URL is set (then the built-in /auth/v1 is not served); undefined otherwise. */
export function createSupabaseTokens(config: {
  SUPABASE_URL?: string | undefined;
  SUPABASE_JWT_SECRET?: string | undefined;
}): SupabaseTokens | undefined {
  if (!config.SUPABASE_URL) return undefined;
  if (config.SUPABASE_JWT_SECRET) return new SupabaseTokens(new TextEncoder().encode(config.SUPABASE_JWT_SECRET));
  const base = config.SUPABASE_URL.replace(/\/+$/, "");
  return new SupabaseTokens(createRemoteJWKSet(new URL(`${base}/auth/v1/.well-known/jwks.json`)));
}
