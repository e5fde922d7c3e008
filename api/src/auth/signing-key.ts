import crypto from "node:crypto";
import { generatedOnce } from "../data-dir-file.js";

/**
 * The built-in auth's HS256 secret: AUTH_JWT_SECRET when given, otherwise
 * generated once into DATA_DIR so tokens survive restarts.
 */
export function loadSigningSecret(config: { AUTH_JWT_SECRET?: string | undefined; DATA_DIR: string }): Uint8Array {
  if (config.AUTH_JWT_SECRET) return new TextEncoder().encode(config.AUTH_JWT_SECRET);
  return new TextEncoder().encode(generatedOnce(config.DATA_DIR, "auth-jwt-secret", () => crypto.randomBytes(48).toString("base64url")));
}
