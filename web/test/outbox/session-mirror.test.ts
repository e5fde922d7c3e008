import { afterEach, describe, expect, it } from "vitest";
import { mirrorAuthSession } from "../../src/features/outbox/mirror-auth-session";
import { mirrorSession, readMirroredToken } from "../../src/features/outbox/session-mirror";
import { freshOutbox } from "./helpers";

let env: ReturnType<typeof freshOutbox>;
afterEach(() => env?.close());

const now = 1_800_000_000_000;

describe("the access token mirrored for the service worker", () => {
  it("is readable from another context while it is valid", async () => {
    env = freshOutbox();
    await mirrorSession(env.db, { access_token: "tok", expires_at: now / 1000 + 3600, user: { id: "user-1" } });
    expect(await readMirroredToken(env.second(), now)).toBe("tok");
  });

  it("counts as missing once expired or about to expire, so the worker leaves the work to the page", async () => {
    env = freshOutbox();
    await mirrorSession(env.db, { access_token: "tok", expires_at: now / 1000 + 10, user: { id: "user-1" } });
    expect(await readMirroredToken(env.db, now)).toBeNull();
  });

  it("is removed on sign-out", async () => {
    env = freshOutbox();
    await mirrorSession(env.db, { access_token: "tok", expires_at: now / 1000 + 3600, user: { id: "user-1" } });
    await mirrorSession(env.db, null);
    expect(await readMirroredToken(env.db, now)).toBeNull();
  });
});

describe("the page keeps the mirror in step with its session", () => {
  it("writes the token when signed in, replaces it on refresh and removes it on sign-out", async () => {
    env = freshOutbox();
    type State = { session: { access_token: string; expires_at: number; user: { id: string } } | null; loading: boolean };
    let state: State = { session: null, loading: true };
    const listeners = new Set<() => void>();
    const auth = {
      getState: () => state as never,
      subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
    };
    const future = Date.now() / 1000 + 3600;
    const mirror = mirrorAuthSession(auth, env.db);
    const set = async (next: State) => {
      state = next;
      listeners.forEach((l) => l());
      await mirror.flushed();
    };
    await set({ session: { access_token: "first", expires_at: future, user: { id: "user-1" } }, loading: false });
    expect(await readMirroredToken(env.db)).toBe("first");
    await set({ session: { access_token: "refreshed", expires_at: future, user: { id: "user-1" } }, loading: false });
    expect(await readMirroredToken(env.db)).toBe("refreshed");
    await set({ session: null, loading: false });
    expect(await readMirroredToken(env.db)).toBeNull();
    mirror.stop();
  });
});
