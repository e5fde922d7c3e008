import { SignJWT, jwtVerify, type JWTPayload } from "jose";
import { loadSigningSecret } from "./signing-key.js";

export const ACCESS_TOKEN_AUDIENCE = "authenticated";

export interface AccessClaims extends JWTPayload {
  sub: string;
  email: string;
  role: "authenticated";
  session_id: string;
}

/** Signs and verifies the built-in auth's access tokens (GoTrue-shaped claims). */
export class AccessTokens {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly issuer = "voice-journal/auth/v1",
  ) {}

  get expiresIn(): number {
    return this.ttlSeconds;
  }

  async sign(user: { id: string; email: string }, sessionId: string, now = new Date()): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(now.getTime() / 1000);
    const expiresAt = iat + this.ttlSeconds;
    const token = await new SignJWT({ email: user.email, role: "authenticated", session_id: sessionId, aal: "aal1" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(user.id)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(expiresAt)
      .sign(this.secret);
    return { token, expiresAt };
  }

  /** Throws on a bad signature, wrong key, wrong audience or expiry. */
  async verify(token: string): Promise<AccessClaims> {
    const { payload } = await jwtVerify(token, this.secret, {
      algorithms: ["HS256"],
      audience: ACCESS_TOKEN_AUDIENCE,
      issuer: this.issuer,
    });
    if (typeof payload.sub !== "string" || typeof payload.session_id !== "string") {
      throw new Error("token lacks subject or session");
    }
    return payload as AccessClaims;
  }
}

export function createAccessTokens(config: { AUTH_JWT_SECRET?: string | undefined; DATA_DIR: string; AUTH_ACCESS_TOKEN_TTL_SECONDS: number }) {
  return new AccessTokens(loadSigningSecret(config), config.AUTH_ACCESS_TOKEN_TTL_SECONDS);
}
