import { webcrypto } from "node:crypto";
import { SignJWT, jwtVerify, type JWTPayload } from "jose";
import { setBounded } from "../bounded-map.js";
import { loadSigningSecret } from "./signing-key.js";

export const ACCESS_TOKEN_AUDIENCE = "authenticated";

export interface AccessClaims extends JWTPayload {
  sub: string;
  email: string;
  role: "authenticated";
  session_id: string;
}

/** How many verified access tokens are remembered (about 1 KB each). */
const VERIFIED_CACHE_SIZE = 10_000;

/** Signs and verifies the built-in auth's access tokens (GoTrue-shaped claims). */
export class AccessTokens {
  /**
   * Tokens whose signature and claims passed, with their claims. A client sends the same token
   * with every request for its hour, and the signature check is most of the bearer check's CPU;
   * a remembered token is still refused once its exp has passed.
   */
  private readonly verified = new Map<string, AccessClaims>();
  /** The secret imported once for HMAC verification (jose would import a raw key on every call). */
  private verifyKey: Promise<webcrypto.CryptoKey> | undefined;

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

  /** Signs another kind of token with this key (the caller sets a distinct audience). */
  signWith(build: (jwt: SignJWT) => SignJWT, claims: JWTPayload): Promise<string> {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuer(this.issuer).setIssuedAt();
    return build(jwt).sign(this.secret);
  }

  async verifyWith(token: string, audience: string): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.secret, { algorithms: ["HS256"], audience, issuer: this.issuer, requiredClaims: ["exp"] });
    return payload;
  }

  /** Throws on a bad signature, wrong key, wrong audience, a missing exp or expiry. */
  async verify(token: string): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known) {
      // jose's own rule: expired once exp <= now, in whole seconds.
      if (known.exp! > Math.floor(Date.now() / 1000)) return known;
      this.verified.delete(token);
    }
    this.verifyKey ??= webcrypto.subtle.importKey("raw", this.secret, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    const { payload } = await jwtVerify(token, await this.verifyKey, {
      algorithms: ["HS256"],
      audience: ACCESS_TOKEN_AUDIENCE,
      issuer: this.issuer,
      // A token without exp would never expire: the session check alone would bound it.
      requiredClaims: ["exp"],
    });
    if (typeof payload.sub !== "string" || typeof payload.session_id !== "string") {
      throw new Error("token lacks subject or session");
    }
    const claims = Object.freeze(payload) as AccessClaims;
    // Only tokens whose validity depends on exp alone (these never carry nbf).
    if (claims.nbf === undefined) {
      setBounded(this.verified, token, claims, VERIFIED_CACHE_SIZE);
    }
    return claims;
  }
}

const CONFIRMATION_AUDIENCE = "email-confirmation";

/**
 * E-mail confirmation links carry a token signed with the same key but a
 * different audience, so neither kind of token passes for the other. They
 * need no table: a link is spent once the user is confirmed.
 */
export async function signConfirmation(tokens: AccessTokens, user: { id: string; email: string }, ttlSeconds = 24 * 3600) {
  return tokens.signWith((jwt) =>
    jwt.setSubject(user.id).setAudience(CONFIRMATION_AUDIENCE).setExpirationTime(`${ttlSeconds}s`),
    { email: user.email },
  );
}

/** The user id and e-mail a confirmation token was issued for; throws when forged or expired. */
export async function verifyConfirmation(tokens: AccessTokens, token: string): Promise<{ id: string; email: string }> {
  const payload = await tokens.verifyWith(token, CONFIRMATION_AUDIENCE);
  if (typeof payload.sub !== "string" || typeof payload.email !== "string") throw new Error("confirmation token lacks subject");
  return { id: payload.sub, email: payload.email };
}

export function createAccessTokens(config: { AUTH_JWT_SECRET?: string | undefined; DATA_DIR: string; AUTH_ACCESS_TOKEN_TTL_SECONDS: number }) {
  return new AccessTokens(loadSigningSecret(config), config.AUTH_ACCESS_TOKEN_TTL_SECONDS);
}
