import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The built-in auth's HS256 secret: AUTH_JWT_SECRET when given, otherwise
 * generated once into DATA_DIR so tokens survive restarts.
 */
export function loadSigningSecret(config: { AUTH_JWT_SECRET?: string | undefined; DATA_DIR: string }): Uint8Array {
  if (config.AUTH_JWT_SECRET) return new TextEncoder().encode(config.AUTH_JWT_SECRET);
  const file = path.join(config.DATA_DIR, "auth-jwt-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    // wx: two processes starting together keep the first one's key.
    try {
      fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  return new TextEncoder().encode(fs.readFileSync(file, "utf8").trim());
}
