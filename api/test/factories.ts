import crypto from "node:crypto";
import { createAccessTokens } from "../src/auth/access-tokens.js";
import type { AppDeps } from "../src/app-env.js";

export interface TestUser {
  id: string;
  email: string;
  token: string;
  /** Authorization header for app.request(...). */
  headers: Record<string, string>;
}

/** A user with a live session and a signed access token, without going through sign-up. */
export async function createUser(deps: AppDeps, email = `u${crypto.randomUUID().slice(0, 8)}@example.com`): Promise<TestUser> {
  const db = deps.database.db;
  const user = await db
    .insertInto("users")
    .values({ email, password_hash: null, first_name: null, last_name: null, profile_image_url: null, email_confirmed_at: new Date() })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
  const sid = crypto.randomUUID();
  await db
    .insertInto("sessions")
    .values({ sid, user_id: user.id, sess: JSON.stringify({ userId: user.id }), expire: new Date(Date.now() + 86_400_000) })
    .execute();
  const { token } = await createAccessTokens(deps.config).sign(user, sid);
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}
