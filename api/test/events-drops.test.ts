import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_STREAMS_PER_USER } from "../src/changes/change-feed.js";
import { createUser, type TestUser } from "./factories.js";
import { dbKinds, startTestServer } from "./harness.js";
import { EventStream } from "./support/event-stream.js";

// GET /api/events gives each stream's place back however the client leaves (before the answer's
// headers, after them, in the middle of the stream, many at once), and deleting the account
// ends its open streams at once.

describe.each(dbKinds)("events streams dropped on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(kind, { TRANSCRIBE_ENGINE: "none" });
  });
  afterAll(() => server.close());

  const port = () => Number(new URL(server.url).port);

  /** A raw request that the client drops: right after sending it, after the headers, or after the first event. */
  const dropped = (user: TestUser, when: "before-headers" | "after-headers" | "mid-stream") =>
    new Promise<void>((resolve) => {
      const socket = net.connect(port(), "127.0.0.1", () => {
        socket.write(`GET /api/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${user.token}\r\n\r\n`);
        if (when === "before-headers") {
          socket.destroy();
          resolve();
        }
      });
      let seen = "";
      socket.on("data", (chunk) => {
        seen += chunk.toString();
        const ready = when === "after-headers" ? seen.includes("\r\n\r\n") : seen.includes("event: ready");
        if (ready && !socket.destroyed) {
          socket.destroy();
          resolve();
        }
        // A 429 (no room) ends it too: the client goes.
        if (/^HTTP\/1.1 429/.test(seen) && !socket.destroyed) {
          socket.destroy();
          resolve();
        }
      });
      socket.on("error", () => resolve());
      socket.on("close", () => resolve());
    });

  /** A new stream for `user` opens (with `ready`) within a few seconds. */
  const opens = async (user: TestUser) => {
    let res: Response | undefined;
    for (let i = 0; i < 50 && res?.status !== 200; i++) {
      await res?.body?.cancel();
      if (i) await new Promise((r) => setTimeout(r, 100));
      res = await fetch(`${server.url}/api/events`, { headers: user.headers });
    }
    expect(res!.status).toBe(200);
    const stream = new EventStream(res!);
    expect(await stream.next((e) => e.event === "ready")).toBeDefined();
    stream.close();
  };

  test("60 streams of one account dropped at once, in every way, leave room: a new stream opens", async () => {
    const user = await createUser(server.deps);
    const ways = ["before-headers", "after-headers", "mid-stream"] as const;
    await Promise.all(Array.from({ length: 60 }, (_, i) => dropped(user, ways[i % 3]!)));
    await opens(user);
    // And the account can fill its slots again: every place was given back.
    const held: EventStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      let res: Response | undefined;
      for (let tries = 0; tries < 50 && res?.status !== 200; tries++) {
        await res?.body?.cancel();
        if (tries) await new Promise((r) => setTimeout(r, 100));
        res = await fetch(`${server.url}/api/events`, { headers: user.headers });
      }
      expect(res!.status).toBe(200);
      held.push(new EventStream(res!));
    }
    for (const s of held) s.close();
  }, 60_000);

  test("deleting the account ends its open streams at once", async () => {
    const user = await createUser(server.deps);
    const stream = new EventStream(await fetch(`${server.url}/api/events`, { headers: user.headers }));
    expect(await stream.next((e) => e.event === "ready")).toBeDefined();
    const res = await fetch(`${server.url}/api/auth/delete-account`, { method: "DELETE", headers: user.headers });
    expect(res.status).toBe(200);
    expect(await stream.next(() => false, 3000)).toBeUndefined();
    expect(stream.ended).toBe(true);
  }, 30_000);

  test("the server still answers after all of it", async () => {
    const res = await new Promise<number>((resolve) => http.get(`${server.url}/api/health`, (r) => (r.resume(), resolve(r.statusCode!))));
    expect(res).toBe(200);
  });
});
