import type { Session } from "@supabase/supabase-js";

// SPEC §3/§4: the session is also cached locally (the value holds an access_token) so the app opens offline.
export const SESSION_CACHE_KEY = "voice-journal.session";

export type SessionCache = {
  read(): Session | null;
  write(session: Session): void;
  clear(): void;
};

export function createSessionCache(storage: Pick<Storage, "getItem" | "setItem" | "removeItem">): SessionCache {
  return {
    read() {
      try {
        const raw = storage.getItem(SESSION_CACHE_KEY);
        if (!raw) return null;
        const parsed = JSON.parse(raw) as Partial<Session> | null;
        // Anything without a token is not a session we can act on.
        return parsed && typeof parsed.access_token === "string" && parsed.user ? (parsed as Session) : null;
      } catch {
        return null;
      }
    },
    write(session) {
      try {
        storage.setItem(SESSION_CACHE_KEY, JSON.stringify(session));
      } catch {
        // Storage full or blocked (private mode): the app still works online.
      }
    },
    clear() {
      try {
        storage.removeItem(SESSION_CACHE_KEY);
      } catch {
        // Same as above.
      }
    },
  };
}
