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

type AuthClient = Pick<SupabaseClient, "auth">;

type Options = {
  /** supabase-js, loaded on demand: it is not part of the first screen's JavaScript. */
  loadClient: () => Promise<AuthClient>;
  cache: SessionCache;
  /** False when the browser holds no session at all (see stored-session.ts): a visitor opens at once. */
  mayHaveSession?: () => boolean;
  isOnline: () => boolean;
  /**
   * supabase-js's own stored session when getSession() would answer it unchanged (fresh-session.ts):
   * the store opens on it at once, and supabase-js loads when `later` says (after the first screen).
   */
  readFreshSession?: () => Session | null;
  /**
   * Whether supabase-js still keeps a session in its storage: it removes it when signing out
   * (here or in another tab) or when the server refuses its refresh token, and keeps it when a
   * refresh only could not reach the server.
   */
  hasStoredSession?: () => boolean;
  later?: (load: () => void) => void;
  timeoutMs?: number;
};

/**
 * The signed-in state outside React, so router guards read the same truth the components do.
 * It is updated synchronously from supabase-js events, which fire before signIn/signUp resolve,
 * so a navigation right after sign-in already sees the session.
 */
export function createAuthStore({
  loadClient,
  cache,
  isOnline,
  mayHaveSession = () => true,
  readFreshSession = () => null,
  hasStoredSession = () => false,
  later = (load) => load(),
  timeoutMs = SESSION_CHECK_TIMEOUT_MS,
}: Options): AuthStore {
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

  // True once the store has opened on supabase-js's stored session without asking supabase-js.
  let openedFresh = false;

  function onEvent(event: AuthChangeEvent, session: Session | null) {
    if (event === "SIGNED_OUT") {
      cache.clear();
      set(null);
      return;
    }
    if (event === "INITIAL_SESSION") {
      // Otherwise the initial session is settled by resolveInitialSession, which may prefer the
      // cache when offline. Opened on the stored session, supabase-js's own first answer comes
      // later: what another tab did meanwhile (a sign-out, a sign-in as someone else) is only
      // in it, since supabase-js was not there to hear that tab's broadcast.
      if (!openedFresh) return;
      if (!session) {
        // A refresh that could not reach the server (offline, a token near its expiry) answers no
        // session too, but leaves the stored one: then supabase-js's own refresh decides later.
        if (hasStoredSession()) return;
        cache.clear();
        set(null);
      } else if (session.access_token !== state.session?.access_token) {
        cache.write(session);
        set(session);
      }
      return;
    }
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
      // A visitor with nothing stored is signed out; supabase-js still loads to report sign-ins.
      if (!mayHaveSession()) set(null);
      // Online with a fresh stored session: what supabase-js's getSession() would answer, read now.
      const fresh = isOnline() && state.loading ? readFreshSession() : null;
      if (fresh) {
        openedFresh = true;
        cache.write(fresh);
        set(fresh);
      }
      let stopped = false;
      let unsubscribe = () => {};
      const attach = (client: Promise<AuthClient>) =>
        void client.then(
          ({ auth }) => {
            if (stopped) return;
            // Never call other supabase.auth methods inside this callback: supabase-js holds a lock there.
            const { data } = auth.onAuthStateChange(onEvent);
            unsubscribe = () => data.subscription.unsubscribe();
          },
          () => undefined, // not loadable (offline without the cached shell): the cache decides below
        );
      if (fresh) {
        later(() => {
          if (!stopped) attach(loadClient());
        });
      } else {
        const client = loadClient();
        attach(client);
        if (state.loading) {
          void resolveInitialSession({
            getSession: () => client.then(({ auth }) => auth.getSession()),
            readCache: () => cache.read(),
            isOnline,
            timeoutMs,
          }).then((session) => {
            if (!state.loading) return; // an auth event already decided
            if (session) cache.write(session);
            set(session);
          });
        }
      }
      return () => {
        stopped = true;
        unsubscribe();
      };
    },
  };
}
