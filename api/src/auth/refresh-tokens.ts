import crypto from "node:crypto";

/** An opaque token (a refresh token, an invitation): 32 random bytes, URL-safe. Only its hash is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashOpaqueToken(token) };
}

/** sha256 is enough here: the token is 256 random bits, so there is nothing to brute-force. */
export function hashOpaqueToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export const newRefreshToken = newOpaqueToken;
export const hashRefreshToken = hashOpaqueToken;
