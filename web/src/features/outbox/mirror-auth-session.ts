import type { AuthStore } from "../auth/auth-store";
import type { OutboxDb } from "./outbox-db";
import { mirrorSession } from "./session-mirror";

/**
 * Keeps the worker's copy of the access token in step with the page's session: written on
 * sign-in and every refresh, removed on sign-out. Writes are applied in order (a sign-out right
 * after a refresh must not be overtaken by it). `flushed` resolves once the last one landed.
 */
export function mirrorAuthSession(
  auth: Pick<AuthStore, "getState" | "subscribe">,
  db: OutboxDb,
): { stop: () => void; flushed: () => Promise<void> } {
  let last: string | null | undefined;
  let queue = Promise.resolve();
  const sync = () => {
    const { session, loading } = auth.getState();
    if (loading) return;
    const token = session?.access_token ?? null;
    if (token === last) return;
    last = token;
    queue = queue
      .then(() => mirrorSession(db, session))
      .catch((err: unknown) => console.warn("could not mirror the session for the service worker", err));
  };
  sync();
  return { stop: auth.subscribe(sync), flushed: () => queue };
}
