import type { OutboxDb } from "./outbox-db";

const SESSION_KEY = "session";
/** A token this close to its expiry is treated as expired: the upload may take a while. */
const EXPIRY_MARGIN_MS = 30_000;

export type MirroredSession = { accessToken: string; /** Epoch ms; absent when the provider gave none. */ expiresAt?: number };

/**
 * The service worker cannot read the page's localStorage, so the page mirrors its access token
 * into the outbox database on sign-in and refresh, and clears it on sign-out (DESIGN §8).
 */
export async function mirrorSession(
  db: OutboxDb,
  session: { access_token: string; expires_at?: number } | null,
): Promise<void> {
  if (!session) {
    await db.keyValues.delete(SESSION_KEY);
    return;
  }
  const value: MirroredSession = {
    accessToken: session.access_token,
    // supabase-js gives expires_at in epoch seconds.
    ...(session.expires_at ? { expiresAt: session.expires_at * 1000 } : {}),
  };
  await db.keyValues.put({ key: SESSION_KEY, value });
}

/** The mirrored token if it is still usable; null means "leave the work for the page". */
export async function readMirroredToken(db: OutboxDb, now: number = Date.now()): Promise<string | null> {
  const row = await db.keyValues.get(SESSION_KEY);
  const value = row?.value as MirroredSession | undefined;
  if (!value || typeof value.accessToken !== "string" || !value.accessToken) return null;
  if (value.expiresAt !== undefined && value.expiresAt - EXPIRY_MARGIN_MS <= now) return null;
  return value.accessToken;
}
