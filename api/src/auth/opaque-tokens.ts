import crypto from "node:crypto";

/**
 * Assistant credentials are opaque random strings, not JWTs: the product API's bearer check
 * (a signed session token) refuses them as it refuses any other string, and /mcp looks them up
 * by hash, so one kind never passes for the other. The prefix tells a person (and a secret
 * scanner) what a leaked string is.
 */
export const TOKEN_PREFIX = { token: "vjat_", access: "vjoa_", refresh: "vjor_", code: "vjoc_" } as const;

export function newOpaqueToken(kind: keyof typeof TOKEN_PREFIX): string {
  return TOKEN_PREFIX[kind] + crypto.randomBytes(32).toString("base64url");
}

/** What is stored: the SHA-256 of the token (it has 256 random bits, so no salt or slow hash is needed). */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
