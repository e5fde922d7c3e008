import type { AuthChangeEvent, Session, SupabaseClient, User } from "@supabase/supabase-js";
import { SESSION_CHECK_TIMEOUT_MS } from "@vj/core";
import { resolveInitialSession } from "./resolve-session";
import type { SessionCache } from "./session-cache";

export type AuthState = { session: Session | null; user: User | null; loading: boolean };

export type AuthStore = {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Resolves once the first session check has settled (route guards wait on it). */
  ready(): Promise<AuthState>;
  start(): () => void;
};

type Options = {
  client: Pick<SupabaseClient, "auth">;
  cache: SessionCache;
  isOnline: () => boolean;
  timeoutMs?: number;
};

/**
 * The signed-in state outside React, so router guards read the same truth the components do.
 * It is updated synchronously from supabase-js events, which fire before signIn/signUp resolve,
 * so a navigation right after sign-in already sees the session.
 */
export function createAuthStore({ client, cache, isOnline, timeoutMs = SESSION_CHECK_TIMEOUT_MS }: Options): AuthStore {
  let state: AuthState = { session: null, user: null, loading: true };
  const listeners = new Set<() => void>();
  let markReady: () => void = () => {};
  const readyPromise = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  function set(session: Session | null) {
    state = { session, user: session?.user ?? null, loading: false };
    markReady();
    for (const listener of listeners) listener();
  }

  function onEvent(event: AuthChangeEvent, session: Session | null) {
    if (event === "SIGNED_OUT") {
      cache.clear();
      set(null);
      return;
    }
    // The initial session is settled by resolveInitialSession, which may prefer the cache when offline.
    if (event === "INITIAL_SESSION") return;
    if (session && (event === "SIGNED_IN" || event === "TOKEN_REFRESHED")) cache.write(session);
    if (session) set(session);
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => readyPromise.then(() => state),
    start() {
      // Never call other supabase.auth methods inside this callback: supabase-js holds a lock there.
      const { data } = client.auth.onAuthStateChange(onEvent);
      void resolveInitialSession({
        getSession: () => client.auth.getSession(),
        readCache: () => cache.read(),
        isOnline,
        timeoutMs,
      }).then((session) => {
        if (!state.loading) return; // an auth event already decided
        if (session) cache.write(session);
        set(session);
      });
      return () => data.subscription.unsubscribe();
    },
  };
}
