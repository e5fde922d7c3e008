import { Hono } from "hono";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AppEnv } from "../src/app-env.js";
import { localChangeFeed, MAX_STREAMS_PER_USER } from "../src/changes/change-feed.js";
import { createErrorHandler } from "../src/errors.js";
import { createLogger } from "../src/logger.js";
import { eventRoutes } from "../src/routes/events.js";
import { createUser, type TestUser } from "./factories.js";
import { dbKinds, startTestServer } from "./harness.js";
import { noteForm } from "./support/multipart.js";
import { EventStream, eventId } from "./support/event-stream.js";
import { startOpenAITestServer, type OpenAITestServer } from "./support/openai-server.js";

// GET /api/events: the page hears that a transcript or a summary is ready instead of
// waiting for its next poll.


describe.each(dbKinds)("events stream on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let openai: OpenAITestServer;
  let owner: TestUser;
  let other: TestUser;
  let domainId: string;
  const streams: EventStream[] = [];

  const open = async (user: TestUser) => {
    const res = await fetch(`${server.url}/api/events`, { headers: user.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const stream = new EventStream(res);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    openai = await startOpenAITestServer();
    openai.transcriptionText = () => "I walked to the harbour this morning.";
    openai.transcriptionDelayMs = 300;
    server = await startTestServer(kind, {
      TRANSCRIBE_ENGINE: "openai",
      SUMMARY_ENGINE: "extractive",
      OPENAI_API_KEY: "test",
      OPENAI_BASE_URL: openai.baseURL,
      // Only the stream can explain a page hearing of it promptly: the runner is woken directly.
      TRANSCRIBE_POLL_MS: "60000",
    });
    owner = await createUser(server.deps);
    other = await createUser(server.deps);
    const res = await fetch(`${server.url}/api/domains`, {
      method: "POST",
      headers: { ...owner.headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Walks", primaryColor: "#3b82f6", isDefault: true }),
    });
    domainId = ((await res.json()) as { id: string }).id;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await server.close();
    await openai.close();
  });

  test("a stream opens with ready, then tells its owner, and only its owner, when a transcript and a summary are ready", async () => {
    const mine = await open(owner);
    const theirs = await open(other);
    expect(await mine.next((e) => e.event === "ready")).toBeDefined();
    expect(await theirs.next((e) => e.event === "ready")).toBeDefined();

    const up = await fetch(`${server.url}/api/voice-notes`, { method: "POST", headers: owner.headers, body: noteForm({ domainId, clientId: "walk-1" }) });
    expect(up.status).toBe(201);
    const noteId = ((await up.json()) as { id: string }).id;
    const heard = await mine.next((e) => e.event === "note");
    expect(eventId(heard)).toBe(noteId);
    // What the event announces is there to read.
    const notes = (await (await fetch(`${server.url}/api/voice-notes?period=day&periodKey=${new Date().toISOString().slice(0, 10)}&domainId=${domainId}&tz=UTC`, { headers: owner.headers })).json()) as {
      id: string;
      transcription: string;
    }[];
    expect(notes.find((n) => n.id === noteId)?.transcription).toBe("I walked to the harbour this morning.");

    const gen = await fetch(`${server.url}/api/summaries/generate`, {
      method: "POST",
      headers: { ...owner.headers, "content-type": "application/json" },
      body: JSON.stringify({ period: "day", periodKey: new Date().toISOString().slice(0, 10), domainId, isGeneralSummary: true, tz: "UTC" }),
    });
    expect(gen.status).toBe(202);
    const summaryId = ((await gen.json()) as { id: string }).id;
    expect(eventId(await mine.next((e) => e.event === "summary"))).toBe(summaryId);

    // The other account heard nothing of either.
    expect(theirs.events.map((e) => e.event)).toEqual(["ready"]);
    mine.close();
    theirs.close();
  }, 60_000);

  test(`a ${MAX_STREAMS_PER_USER + 1}th stream for one account answers 429 in the error shape; closing one makes room`, async () => {
    const user = await createUser(server.deps);
    const opened: EventStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const s = await open(user);
      await s.next((e) => e.event === "ready");
      opened.push(s);
    }
    const refused = await fetch(`${server.url}/api/events`, { headers: user.headers });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    opened[0]!.close();
    let again: Response | undefined;
    for (let i = 0; i < 50 && again?.status !== 200; i++) {
      await again?.body?.cancel();
      await new Promise((r) => setTimeout(r, 100));
      again = await fetch(`${server.url}/api/events`, { headers: user.headers });
    }
    expect(again!.status).toBe(200);
    const s = new EventStream(again!);
    streams.push(s);
    expect(await s.next((e) => e.event === "ready")).toBeDefined();
    for (const o of [...opened, s]) o.close();
  }, 60_000);

  test("stopping the server ends the open streams instead of waiting for them", async () => {
    const own = await startTestServer(kind);
    try {
      const user = await createUser(own.deps);
      const stream = new EventStream(await fetch(`${own.url}/api/events`, { headers: user.headers }));
      expect(await stream.next((e) => e.event === "ready")).toBeDefined();
      // Without ending the streams this would wait for them (their tokens' lifetime): the test's time-out.
      await own.stop();
      expect(await stream.next(() => false, 5000)).toBeUndefined();
      expect(stream.ended).toBe(true);
    } finally {
      await own.close();
    }
  }, 60_000);

  if (kind === "postgres") {
    test("when the server's LISTEN connection drops, open streams are told to read again (resync) and still hear changes after it reconnects", async () => {
      const stream = await open(owner);
      await stream.next((e) => e.event === "ready");
      const db = server.deps.database.db;
      const killed = await sql<{ n: number }>`
        SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'`.execute(db);
      expect(killed.rows[0]!.n).toBeGreaterThan(0);
      expect(await stream.next((e) => e.event === "resync")).toBeDefined();
      const up = await fetch(`${server.url}/api/voice-notes`, { method: "POST", headers: owner.headers, body: noteForm({ domainId, clientId: "walk-after-drop" }) });
      const noteId = ((await up.json()) as { id: string }).id;
      expect(eventId(await stream.next((e) => e.event === "note" && eventId(e) === noteId))).toBe(noteId);
      stream.close();
    }, 60_000);
  }
});

describe("events stream lifetime", () => {
  const app = (feed = localChangeFeed(), maxLifetimeMs = 60_000) =>
    new Hono<AppEnv>()
      .onError(createErrorHandler(createLogger("silent")))
      .use("*", async (c, next) => {
        c.set("user", { id: "u1", email: "u1@example.com" });
        await next();
      })
      .route("/api/events", eventRoutes(feed, { maxLifetimeMs, heartbeatMs: 50 }));

  test("the stream ends by itself when its time is up (the page opens the next with a fresh token)", async () => {
    const res = await app(localChangeFeed(), 300).request("/api/events", { headers: { authorization: "Bearer x" } });
    const stream = new EventStream(res);
    expect(await stream.next(() => false, 5000)).toBeUndefined();
    expect(stream.ended).toBe(true);
    expect(stream.events.map((e) => e.event)).toEqual(["ready"]);
  });

  test("it ends when the access token expires, however long the server would keep it", async () => {
    const exp = Math.floor(Date.now() / 1000) + 1;
    const token = `h.${Buffer.from(JSON.stringify({ exp })).toString("base64url")}.s`;
    const res = await app().request("/api/events", { headers: { authorization: `Bearer ${token}` } });
    const stream = new EventStream(res);
    expect(await stream.next(() => false, 5000)).toBeUndefined();
    expect(stream.ended).toBe(true);
  });

  test("a closed stream leaves the feed (its place is free again)", async () => {
    const feed = localChangeFeed(1);
    const first = new EventStream(await app(feed).request("/api/events"));
    await first.next((e) => e.event === "ready");
    expect((await app(feed).request("/api/events")).status).toBe(429);
    first.close();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await app(feed).request("/api/events");
      status = res.status;
      await res.body?.cancel();
    }
    expect(status).toBe(200);
  });
});
