import { afterEach, describe, expect, it } from "vitest";
import { mirrorSession, readMirroredToken } from "../../src/features/outbox/session-mirror";
import { freshOutbox } from "./helpers";

let env: ReturnType<typeof freshOutbox>;
afterEach(() => env?.close());

const now = 1_800_000_000_000;

describe("the access token mirrored for the service worker", () => {
  it("is readable from another context while it is valid", async () => {
    env = freshOutbox();
    await mirrorSession(env.db, { access_token: "tok", expires_at: now / 1000 + 3600 });
    expect(await readMirroredToken(env.second(), now)).toBe("tok");
  });

  it("counts as missing once expired or about to expire, so the worker leaves the work to the page", async () => {
    env = freshOutbox();
    await mirrorSession(env.db, { access_token: "tok", expires_at: now / 1000 + 10 });
    expect(await readMirroredToken(env.db, now)).toBeNull();
  });

  it("is removed on sign-out", async () => {
    env = freshOutbox();
    await mirrorSession(env.db, { access_token: "tok", expires_at: now / 1000 + 3600 });
    await mirrorSession(env.db, null);
    expect(await readMirroredToken(env.db, now)).toBeNull();
  });
});
