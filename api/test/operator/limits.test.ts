import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { periodKeyOf } from "@vj/core";
import { sql } from "kysely";
import { createUser, type TestUser } from "../factories.js";
import { dbKinds, startTestServer } from "../harness.js";
import { noteForm } from "../support/multipart.js";
import { startOpenAITestServer, type OpenAITestServer } from "../support/openai-server.js";
import { waitFor } from "../support/wait.js";

type Server = Awaited<ReturnType<typeof startTestServer>>;
const TZ = "Pacific/Auckland";


describe.each(dbKinds)("daily spending limits on %s", (kind) => {
  let server: Server;
  let engine: OpenAITestServer;
  let user: TestUser;
  let domainId: string;
  const req = (method: string, path: string, json?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...user.headers, accept: "application/json", ...(json ? { "content-type": "application/json" } : {}) },
      ...(json ? { body: JSON.stringify(json) } : {}),
    });

  beforeAll(async () => {
    // 23:30 in Auckland: the local day ends in half an hour, whatever the server's zone. The
    // server starts on the faked clock, so its job loop's schedule and the tokens follow it.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(new Date("2026-06-15T11:30:00Z"));
    engine = await startOpenAITestServer();
    server = await startTestServer(kind, {
      TRANSCRIBE_ENGINE: "openai",
      SUMMARY_ENGINE: "extractive",
      OPENAI_BASE_URL: engine.baseURL,
      OPENAI_API_KEY: "test",
      TRANSCRIBE_POLL_MS: "50",
      LIMIT_TRANSCRIPTION_MINUTES_PER_DAY: "1",
      LIMIT_SUMMARIES_PER_DAY: "1",
      LIMIT_ASK_PER_DAY: "2",
    });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await server.close();
    await engine.close();
  });

  test("over a limit the request answers 429 with when it resets; a waiting note is transcribed after the reset", { timeout: 90_000 }, async () => {
    const today = periodKeyOf(new Date(), "day", TZ);
    expect(today).toBe("2026-06-15");
    const midnight = "2026-06-15T12:00:00.000Z";
    user = await createUser(server.deps);
    domainId = ((await (await req("POST", "/api/domains", { name: "Home", isDefault: true })).json()) as { id: string }).id;

    const upload = async (title: string) => {
      const res = await fetch(`${server.url}/api/voice-notes`, {
        method: "POST",
        headers: user.headers,
        body: noteForm({ title, domainId, tz: TZ, duration: "40", createdAt: new Date().toISOString() }),
      });
      return ((await res.json()) as { id: string }).id;
    };
    const note = (id: string) => server.deps.database.db.selectFrom("voice_notes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const first = await upload("First");
    await waitFor(() => note(first), (n) => n.is_transcribed);
    // The first note's seconds are counted once its transcript is kept: wait for that row, then spend the rest.
    const counted = await waitFor(
      () => server.deps.database.db.selectFrom("usage_days").select("transcription_seconds").where("user_id", "=", user.id).executeTakeFirst(),
      (row) => (row?.transcription_seconds ?? 0) > 0,
    );
    expect(counted?.transcription_seconds).toBeGreaterThan(0);
    // Today's minute is spent: the next note waits for the reset.
    await server.deps.database.db.updateTable("usage_days").set({ transcription_seconds: 60 }).where("user_id", "=", user.id).execute();
    const second = await upload("Second");
    const waiting = await waitFor(() => note(second), (n) => n.limit_wait_until !== null);
    expect(waiting).toMatchObject({ is_transcribing: false, is_transcribed: false, transcription_error: null });
    expect(waiting.limit_wait_until?.toISOString()).toBe(midnight);
    const listed = (await (await req("GET", `/api/voice-notes?period=day&periodKey=${today}&domainId=${domainId}&tz=${TZ}`)).json()) as { id: string; limitWaitUntil: string | null }[];
    expect(listed.find((n) => n.id === second)?.limitWaitUntil).toBe(midnight);

    const generate = () => req("POST", "/api/summaries/generate", { period: "day", periodKey: today, domainId, isGeneralSummary: true, tz: TZ });
    expect((await generate()).status).toBe(202);
    const refused = await generate();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(25 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    const body = (await refused.json()) as { error: { code: string; message: string; resetsAt: string } };
    expect(body.error).toMatchObject({ code: "limit_reached", resetsAt: midnight });
    expect(body.error.message).toMatch(/^Daily limit reached: 1 summary a day on this Voice Journal\. It resets at midnight \(Tue 16 Jun, 00:00\)\.$/);

    const ask = () => req("POST", "/api/chat", { question: "What did I say?", domainId, tz: TZ });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const tooMany = await ask();
    expect(tooMany.status).toBe(429);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toContain("2 questions to Ask a day");

    const account = (await (await req("GET", "/api/account")).json()) as { today: Record<string, { limit: number; used: number; resetsAt: string }> };
    expect(account.today).toEqual({
      transcriptionMinutes: { limit: 1, used: 1, resetsAt: midnight },
      summaries: { limit: 1, used: 1, resetsAt: midnight },
      ask: { limit: 2, used: 2, resetsAt: midnight },
    });

    // Midnight in Auckland: nothing to click, the note is transcribed and the day's allowances are back.
    vi.setSystemTime(new Date("2026-06-15T12:00:05Z"));
    const after = await waitFor(() => note(second), (n) => n.is_transcribed);
    expect(after).toMatchObject({ is_transcribed: true, limit_wait_until: null, transcription_error: null });
    expect(engine.transcriptions.length).toBe(2);
    const tomorrow = periodKeyOf(new Date(), "day", TZ);
    expect((await req("POST", "/api/summaries/generate", { period: "day", periodKey: today, domainId, isGeneralSummary: true, tz: TZ })).status).toBe(202);
    expect((await ask()).status).toBe(200);
    const usage = await server.deps.database.db
      .selectFrom("usage_days")
      .select([sql<string>`day::text`.as("day"), "summaries", "asks"])
      .where("user_id", "=", user.id)
      .orderBy("day")
      .execute();
    expect(usage.map((u) => [u.day, u.summaries, u.asks])).toEqual([
      [today, 1, 2],
      [tomorrow, 1, 1],
    ]);
  });

  test("an account's own limit wins over the instance's", async () => {
    vi.useRealTimers();
    const other = await createUser(server.deps);
    await server.deps.database.db.updateTable("users").set({ limit_summaries: 0 }).where("id", "=", other.id).execute();
    const res = await fetch(`${server.url}/api/account`, { headers: other.headers });
    expect(((await res.json()) as { today: { summaries: { limit: number } } }).today.summaries.limit).toBe(0);
  });
});
