import { SESSION_KEY, tokenSubject, type OutboxDb } from "./outbox-db";

/** A token this close to its expiry is treated as expired: the upload may take a while. */
const EXPIRY_MARGIN_MS = 30_000;

export type MirroredSession = {
  accessToken: string;
  /** The signed-in person: only their outbox rows are sent with this token. */
  userId: string;
  /** Epoch ms; absent when the provider gave none. */
  expiresAt?: number;
};

/** A session the outbox can send with: the token and whose it is, read together. */
export type OutboxSession = { accessToken: string; userId: string };

/**
 * The service worker cannot read the page's localStorage, so the page mirrors its access token
 * (and whose it is) into the outbox database on sign-in and refresh, and clears it on sign-out
 * (DESIGN §8, §13).
 */
export async function mirrorSession(
  db: OutboxDb,
  session: { access_token: string; expires_at?: number; user?: { id: string } | null } | null,
): Promise<void> {
  const userId = session ? (session.user?.id ?? tokenSubject(session.access_token)) : null;
  if (!session || !userId) {
    await db.keyValues.delete(SESSION_KEY);
    return;
  }
  const value: MirroredSession = {
    accessToken: session.access_token,
    userId,
    // supabase-js gives expires_at in epoch seconds.
    ...(session.expires_at ? { expiresAt: session.expires_at * 1000 } : {}),
  };
  await db.keyValues.put({ key: SESSION_KEY, value });
}

/** The mirrored session if its token is still usable; null means "leave the work for the page". */
export async function readMirroredSession(db: OutboxDb, now: number = Date.now()): Promise<OutboxSession | null> {
  const row = await db.keyValues.get(SESSION_KEY);
  const value = row?.value as Partial<MirroredSession> | undefined;
  if (!value || typeof value.accessToken !== "string" || !value.accessToken) return null;
  if (value.expiresAt !== undefined && value.expiresAt - EXPIRY_MARGIN_MS <= now) return null;
  // Mirrored before the user id was: the token's own subject says whose it is.
  const userId = typeof value.userId === "string" && value.userId ? value.userId : tokenSubject(value.accessToken);
  if (!userId) return null;
  return { accessToken: value.accessToken, userId };
}

/** Who is signed in according to the mirror, expired or not (a shared file is kept as theirs). */
export async function readMirroredUser(db: OutboxDb): Promise<string | null> {
  const row = await db.keyValues.get(SESSION_KEY);
  const value = row?.value as Partial<MirroredSession> | undefined;
  if (!value) return null;
  return typeof value.userId === "string" && value.userId ? value.userId : tokenSubject(value.accessToken);
}

/** The mirrored access token alone (see readMirroredSession). */
export async function readMirroredToken(db: OutboxDb, now: number = Date.now()): Promise<string | null> {
  return (await readMirroredSession(db, now))?.accessToken ?? null;
}
