import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuthChangeEvent, Session } from "@supabase/supabase-js";
import { resolveInitialSession } from "../src/features/auth/resolve-session";
import { createAuthStore } from "../src/features/auth/auth-store";
import { createSessionCache, SESSION_CACHE_KEY } from "../src/features/auth/session-cache";
import { mayHaveSession } from "../src/features/auth/stored-session";
import { FRESH_SESSION_MARGIN_MS, readFreshSession } from "../src/features/auth/fresh-session";

function fakeSession(email: string): Session {
  return {
    access_token: `token-for-${email}`,
    refresh_token: "r",
    expires_in: 3600,
    token_type: "bearer",
    user: { id: email, email, app_metadata: {}, user_metadata: {}, aud: "authenticated", created_at: "2026-01-01T00:00:00Z" },
  };
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

function fakeClient(getSession: () => Promise<{ data: { session: Session | null }; error: null }>) {
  let emit: (event: AuthChangeEvent, session: Session | null) => void = () => {};
  const client = {
    auth: {
      onAuthStateChange(cb: typeof emit) {
        emit = cb;
        return { data: { subscription: { unsubscribe() {} } } };
      },
      getSession,
    },
  };
  return { client: client as never, emit: (e: AuthChangeEvent, s: Session | null) => emit(e, s) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("resolveInitialSession (SPEC §4)", () => {
  const cached = fakeSession("cached@example.com");
  const live = fakeSession("live@example.com");

  it("uses the provider's session when it answers in time", async () => {
    const session = await resolveInitialSession({
      getSession: async () => ({ data: { session: live }, error: null }),
      readCache: () => cached,
      isOnline: () => true,
      timeoutMs: 5000,
    });
    expect(session?.user.email).toBe("live@example.com");
  });

  it("answers signed-out when the provider has no session, even with a stale cache", async () => {
    const session = await resolveInitialSession({
      getSession: async () => ({ data: { session: null }, error: null }),
      readCache: () => cached,
      isOnline: () => true,
      timeoutMs: 5000,
    });
    expect(session).toBeNull();
  });

  it("uses the cache offline without asking the provider", async () => {
    const getSession = vi.fn(async () => ({ data: { session: live }, error: null }));
    const session = await resolveInitialSession({ getSession, readCache: () => cached, isOnline: () => false, timeoutMs: 5000 });
    expect(session?.user.email).toBe("cached@example.com");
    expect(getSession).not.toHaveBeenCalled();
  });

  it("uses the cache when the provider fails or throws", async () => {
    const failing = await resolveInitialSession({
      getSession: async () => ({ data: { session: null }, error: new Error("network") }),
      readCache: () => cached,
      isOnline: () => true,
      timeoutMs: 5000,
    });
    const throwing = await resolveInitialSession({
      getSession: () => Promise.reject(new Error("boom")),
      readCache: () => cached,
      isOnline: () => true,
      timeoutMs: 5000,
    });
    expect(failing?.user.email).toBe("cached@example.com");
    expect(throwing?.user.email).toBe("cached@example.com");
  });

  it("falls back to the cache after 5000 ms, not before", async () => {
    vi.useFakeTimers();
    let settled: Session | null | undefined;
    void resolveInitialSession({
      getSession: () => new Promise(() => {}),
      readCache: () => cached,
      isOnline: () => true,
      timeoutMs: 5000,
    }).then((s) => (settled = s));
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled?.user.email).toBe("cached@example.com");
  });
});

describe("session cache", () => {
  it("keeps the access token and ignores values that are not sessions", () => {
    const storage = memoryStorage();
    const cache = createSessionCache(storage);
    cache.write(fakeSession("a@example.com"));
    expect(JSON.parse(storage.map.get(SESSION_CACHE_KEY)!).access_token).toBe("token-for-a@example.com");
    expect(cache.read()?.user.email).toBe("a@example.com");
    storage.setItem(SESSION_CACHE_KEY, "{not json");
    expect(cache.read()).toBeNull();
    storage.setItem(SESSION_CACHE_KEY, JSON.stringify({ user: {} }));
    expect(cache.read()).toBeNull();
  });
});

describe("auth store", () => {

  it("caches the session on sign-in and forgets it on sign-out", async () => {
    const storage = memoryStorage();
    const { client, emit } = fakeClient(async () => ({ data: { session: null }, error: null }));
    const store = createAuthStore({ loadClient: async () => client, cache: createSessionCache(storage), isOnline: () => true });
    store.start();
    expect(store.getState().loading).toBe(true);
    expect((await store.ready()).session).toBeNull();

    emit("SIGNED_IN", fakeSession("u@example.com"));
    expect(store.getState().user?.email).toBe("u@example.com");
    expect(storage.map.has(SESSION_CACHE_KEY)).toBe(true);

    emit("SIGNED_OUT", null);
    expect(store.getState().session).toBeNull();
    expect(storage.map.has(SESSION_CACHE_KEY)).toBe(false);
  });

  it("opens signed in from the cache when offline, even if the provider's initial event has no session", async () => {
    const storage = memoryStorage();
    createSessionCache(storage).write(fakeSession("offline@example.com"));
    const { client, emit } = fakeClient(async () => ({ data: { session: null }, error: null }));
    const store = createAuthStore({ loadClient: async () => client, cache: createSessionCache(storage), isOnline: () => false });
    store.start();
    await Promise.resolve(); // the client has loaded
    emit("INITIAL_SESSION", null);
    const state = await store.ready();
    expect(state.loading).toBe(false);
    expect(state.user?.email).toBe("offline@example.com");
  });

  it("opens a visitor with nothing stored as signed out before supabase-js has loaded, and still hears a later sign-in", async () => {
    const storage = memoryStorage();
    const { client, emit } = fakeClient(() => new Promise(() => {})); // getSession would never answer
    let loaded!: (c: never) => void;
    const loadClient = vi.fn(() => new Promise<never>((resolve) => (loaded = resolve)));
    const store = createAuthStore({ loadClient, cache: createSessionCache(storage), isOnline: () => true, mayHaveSession: () => false });
    store.start();
    expect(store.getState()).toMatchObject({ loading: false, session: null });
    expect((await store.ready()).session).toBeNull();

    loaded(client);
    await Promise.resolve();
    await Promise.resolve();
    emit("SIGNED_IN", fakeSession("new@example.com"));
    expect(store.getState().user?.email).toBe("new@example.com");
  });

  it("waits for supabase-js when a session may be stored, and uses the cache when it cannot load", async () => {
    const storage = memoryStorage();
    createSessionCache(storage).write(fakeSession("kept@example.com"));
    const store = createAuthStore({
      loadClient: () => Promise.reject(new Error("chunk not reachable")),
      cache: createSessionCache(storage),
      isOnline: () => true,
      mayHaveSession: () => true,
    });
    store.start();
    expect(store.getState().loading).toBe(true);
    expect((await store.ready()).user?.email).toBe("kept@example.com");
  });
});

describe("auth store with a fresh stored session", () => {
  it("opens signed in before supabase-js loads, loads it when told, and then follows its sign-out", async () => {
    const storage = memoryStorage();
    const { client, emit } = fakeClient(() => new Promise(() => {})); // getSession would never answer
    const loadClient = vi.fn(async () => client);
    let runLater: (() => void) | undefined;
    const store = createAuthStore({
      loadClient,
      cache: createSessionCache(storage),
      isOnline: () => true,
      readFreshSession: () => fakeSession("fresh@example.com"),
      later: (load) => (runLater = load),
    });
    store.start();
    expect(store.getState()).toMatchObject({ loading: false, user: { email: "fresh@example.com" } });
    expect(createSessionCache(storage).read()?.user.email).toBe("fresh@example.com"); // kept for offline starts
    expect(loadClient).not.toHaveBeenCalled();

    runLater?.();
    await Promise.resolve();
    await Promise.resolve();
    expect(loadClient).toHaveBeenCalledTimes(1);
    emit("SIGNED_OUT", null);
    expect(store.getState().session).toBeNull();
  });

  it("follows what another tab did before supabase-js loaded: a sign-out, or a sign-in as someone else", async () => {
    const storage = memoryStorage();
    const { client, emit } = fakeClient(() => new Promise(() => {}));
    let runLater: (() => void) | undefined;
    let stored = true;
    const store = createAuthStore({
      loadClient: async () => client,
      cache: createSessionCache(storage),
      isOnline: () => true,
      readFreshSession: () => fakeSession("fresh@example.com"),
      hasStoredSession: () => stored,
      later: (load) => (runLater = load),
    });
    store.start();
    runLater?.();
    await Promise.resolve();
    await Promise.resolve();
    // No session while supabase-js still keeps one: a refresh that could not reach the server.
    emit("INITIAL_SESSION", null);
    expect(store.getState().user?.email).toBe("fresh@example.com");
    // supabase-js's first answer names another user: the other tab signed in as them.
    emit("INITIAL_SESSION", fakeSession("other@example.com"));
    expect(store.getState().user?.email).toBe("other@example.com");
    expect(createSessionCache(storage).read()?.user.email).toBe("other@example.com");
    // ...and none at all, its storage emptied: the other tab signed out.
    stored = false;
    emit("INITIAL_SESSION", null);
    expect(store.getState()).toMatchObject({ session: null, user: null, loading: false });
    expect(createSessionCache(storage).read()).toBeNull();
  });

  it("asks supabase-js as before when offline, with no fresh session, or when it says so", async () => {
    const storage = memoryStorage();
    const { client } = fakeClient(async () => ({ data: { session: fakeSession("live@example.com") }, error: null }));
    const loadClient = vi.fn(async () => client);
    const later = vi.fn();
    const store = createAuthStore({ loadClient, cache: createSessionCache(storage), isOnline: () => true, readFreshSession: () => null, later });
    store.start();
    expect(store.getState().loading).toBe(true);
    expect((await store.ready()).user?.email).toBe("live@example.com");
    expect(later).not.toHaveBeenCalled();
  });
});

describe("readFreshSession", () => {
  const key = "sb-127-auth-token";
  const now = Date.parse("2026-11-26T10:00:00Z");
  const plain = new URL("https://app.example/journal");
  function stored(expiresInMs: number, patch: Record<string, unknown> = {}) {
    const value = { ...fakeSession("s@example.com"), expires_at: Math.floor((now + expiresInMs) / 1000), ...patch };
    return { getItem: (k: string) => (k === key ? JSON.stringify(value) : null) };
  }

  it("answers the stored session while its token is valid well beyond supabase-js's own margin", () => {
    expect(readFreshSession(stored(3600_000), key, plain, now)?.user.email).toBe("s@example.com");
    expect(readFreshSession(stored(FRESH_SESSION_MARGIN_MS + 1000), key, plain, now)).not.toBeNull();
  });

  it("leaves an expiring or expired token, and anything malformed, to supabase-js", () => {
    expect(readFreshSession(stored(FRESH_SESSION_MARGIN_MS - 1000), key, plain, now)).toBeNull();
    expect(readFreshSession(stored(-60_000), key, plain, now)).toBeNull();
    expect(readFreshSession(stored(3600_000, { refresh_token: undefined }), key, plain, now)).toBeNull();
    expect(readFreshSession(stored(3600_000, { user: null }), key, plain, now)).toBeNull();
    expect(readFreshSession(stored(3600_000, { expires_at: "soon" }), key, plain, now)).toBeNull();
    expect(readFreshSession({ getItem: () => "{not json" }, key, plain, now)).toBeNull();
    expect(readFreshSession({ getItem: () => null }, key, plain, now)).toBeNull();
    expect(readFreshSession(null, key, plain, now)).toBeNull();
  });

  it("leaves an auth redirect in the URL to supabase-js, which must read it first", () => {
    const s = stored(3600_000);
    expect(readFreshSession(s, key, new URL("https://app.example/auth/callback#access_token=a&refresh_token=b"), now)).toBeNull();
    expect(readFreshSession(s, key, new URL("https://app.example/auth/callback?code=abc"), now)).toBeNull();
  });
});

describe("mayHaveSession", () => {
  function storageWith(entries: Record<string, string>) {
    const keys = Object.keys(entries);
    return { length: keys.length, key: (i: number) => keys[i] ?? null, getItem: (k: string) => entries[k] ?? null };
  }
  const plain = new URL("https://app.example/auth/login");

  it("is false only when nothing in storage or the URL can hold a session", () => {
    expect(mayHaveSession(storageWith({ "voice-journal.query-cache": "{}" }), plain)).toBe(false);
    expect(mayHaveSession(storageWith({ [SESSION_CACHE_KEY]: "{}" }), plain)).toBe(true);
    expect(mayHaveSession(storageWith({ "sb-127-auth-token": "{}" }), plain)).toBe(true);
    expect(mayHaveSession(storageWith({ "sb-project-auth-token-code-verifier": "x" }), plain)).toBe(true);
    expect(mayHaveSession(storageWith({}), new URL("https://app.example/auth/callback#access_token=a&refresh_token=b"))).toBe(true);
    expect(mayHaveSession(storageWith({}), new URL("https://app.example/auth/callback?code=abc"))).toBe(true);
    expect(mayHaveSession(null, plain)).toBe(true);
  });
});
