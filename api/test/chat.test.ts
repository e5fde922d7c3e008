import { CHAT_THREAD_MAX_MESSAGES } from "@vj/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NO_MODEL_LINE } from "../src/chat/extractive.js";
import { estimateTokens } from "../src/engines/summaries/map-reduce.js";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, startTestServer, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { startOpenAITestServer, type OpenAITestServer } from "./support/openai-server.js";

interface Answer {
  threadId: string;
  message: { id: string; role: string; content: string; stopped: boolean; citations: { n: number; kind: string; id: string; title: string; deleted?: boolean }[] };
}

const JSON_ACCEPT = { accept: "application/json" };

/** The SSE events of a finished stream, in order. */
function parseEvents(text: string): { event: string; data: unknown }[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = block
        .split("\n")
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join("\n");
      return { event, data: JSON.parse(data) as unknown };
    });
}

describe.each(dbKinds)("Ask your journal on %s", (kind) => {
  let server: OpenAITestServer;
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let home: string;
  let otherHome: string;
  let minute = 0;

  const addNote = async (owner: TestUser, domainId: string, title: string, transcription: string, createdAt?: Date) =>
    (
      await t.deps.database.db
        .insertInto("voice_notes")
        .values({
          user_id: owner.id, domain_id: domainId, client_id: null, title, transcription, duration: 30, is_transcribed: true, is_transcribing: false,
          transcription_error: null, audio_key: null, audio_mime: null, audio_bytes: null, next_attempt_at: null, lease_owner: null, lease_expires_at: null,
          created_at: createdAt ?? new Date(Date.UTC(2026, 2, 10, 9, minute++)),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const ask = async (json: Record<string, unknown>, as: TestUser = user) => call(t, "POST", "/api/chat", { user: as, json, headers: JSON_ACCEPT });
  const askOk = async (json: Record<string, unknown>) => {
    const res = await ask(json);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Answer;
  };
  const lastPrompt = () => server.chats.at(-1)!.messages.map((m) => m.content).join("\n");

  beforeAll(async () => {
    server = await startOpenAITestServer();
    t = await createTestApp(kind, { SUMMARY_ENGINE: "openai", OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: "test", CHAT_MODEL: "journal-chat" });
    user = await createUser(t.deps);
    other = await createUser(t.deps);
    home = (await createDomain(t, user, { name: "Home", isDefault: true })).id;
    otherHome = (await createDomain(t, other, { name: "Home", isDefault: true })).id;
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  test("the matching notes reach the model numbered, another user's identical words never do; an invented [n] is dropped", async () => {
    const mine = await addNote(user, home, "Teeth", "The dentist appointment moved to Tuesday at nine.");
    await addNote(user, home, "Groceries", "Buy oat milk and apples.");
    await addNote(other, otherHome, "Intruder secret", "The dentist appointment moved to Tuesday at nine. Code word heliotrope.");
    server.chatContent = () => "Your dentist appointment is on Tuesday at nine [1]. You also planned a trip [7].";
    const answer = await askOk({ question: "When is my dentist appointment?", domainId: home });
    const call = server.chats.at(-1)!;
    expect(call.model).toBe("journal-chat");
    expect(call.stream).toBe(true);
    expect(lastPrompt()).toContain('[1] "Teeth" (voice note, 2026-03-10)\nThe dentist appointment moved to Tuesday at nine.');
    expect(lastPrompt()).not.toContain("heliotrope");
    expect(lastPrompt()).not.toContain("Intruder secret");
    expect(answer.message.content).toBe("Your dentist appointment is on Tuesday at nine [1]. You also planned a trip.");
    expect(answer.message.citations).toEqual([expect.objectContaining({ n: 1, kind: "note", id: mine, title: "Teeth", domainId: home })]);
  });

  test("a question whose words match nothing gets the most recent notes; a period keeps to that period", async () => {
    const day = await t.deps.database.db.insertInto("domains").values({ user_id: user.id, name: "Diary", slug: "diary", primary_color: "#000000", is_default: false }).returning("id").executeTakeFirstOrThrow();
    const older = await addNote(user, day.id, "Monday", "Long run by the river.", new Date("2026-04-06T08:00:00Z"));
    const newer = await addNote(user, day.id, "Tuesday", "Quiet day of reading.", new Date("2026-04-07T08:00:00Z"));
    server.chatContent = () => "A calm week [1] after a run [2].";
    const answer = await askOk({ question: "How was my week?", domainId: day.id });
    expect(lastPrompt()).toMatch(/\[1\] "Tuesday"[\s\S]*\[2\] "Monday"/);
    expect(answer.message.citations.map((c) => c.id)).toEqual([newer, older]);
    await askOk({ question: "How was my day?", domainId: day.id, period: "day", periodKey: "2026-04-06", tz: "UTC" });
    expect(lastPrompt()).toContain('[1] "Monday"');
    expect(lastPrompt()).not.toContain("Tuesday");
  });

  test("the answer streams as Server-Sent Events: pieces, then the stored message; the thread keeps both turns", async () => {
    await addNote(user, home, "Garden", "Planted tomatoes and basil in the raised bed.");
    server.chatContent = () => "You planted tomatoes and basil [1].";
    const res = await call(t, "POST", "/api/chat", { user, json: { question: "What did I plant in the garden?", domainId: home } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = parseEvents(await res.text());
    const deltas = events.filter((e) => e.event === "delta").map((e) => (e.data as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe("You planted tomatoes and basil [1].");
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    const answer = done.data as Answer;
    expect(answer.message.citations[0]).toMatchObject({ n: 1, title: "Garden" });

    // A follow-up sees the earlier turn.
    server.chatContent = () => "Basil [1].";
    await askOk({ question: "Which of those was a herb?", domainId: home, threadId: answer.threadId });
    const history = server.chats.at(-1)!.messages;
    expect(history.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(history[1]!.content).toBe("What did I plant in the garden?");
    const thread = (await (await call(t, "GET", `/api/chat/threads/${answer.threadId}`, { user })).json()) as { title: string; messages: { role: string; content: string }[] };
    expect(thread.title).toBe("What did I plant in the garden?");
    expect(thread.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "What did I plant in the garden?"],
      ["assistant", "You planted tomatoes and basil [1]."],
      ["user", "Which of those was a herb?"],
      ["assistant", "Basil [1]."],
    ]);
  });

  test("a thread keeps its turns in the order they were asked, however close together they were stored", async () => {
    // Its own person: six questions would use up the shared one's rate limit.
    const asker = await createUser(t.deps);
    const walks = (await createDomain(t, asker, { name: "Walks", isDefault: true })).id;
    await addNote(asker, walks, "Walk", "Walked along the river before work.");
    server.chatContent = () => "Answer [1].";
    const askAs = async (json: Record<string, unknown>) => {
      const res = await ask(json, asker);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as Answer;
    };
    const first = await askAs({ question: "Question 1", domainId: walks });
    for (let i = 2; i <= 6; i++) await askAs({ question: `Question ${i}`, domainId: walks, threadId: first.threadId });
    const thread = (await (await call(t, "GET", `/api/chat/threads/${first.threadId}`, { user: asker })).json()) as { messages: { role: string; content: string }[] };
    expect(thread.messages.map((m) => (m.role === "user" ? m.content : m.role))).toEqual(
      [1, 2, 3, 4, 5, 6].flatMap((i) => [`Question ${i}`, "assistant"]),
    );
    // The follow-up's model call saw the last turns in the same order.
    const history = server.chats.at(-1)!.messages.slice(1, -1);
    expect(history.map((m) => (m.role === "user" ? m.content : m.role))).toEqual(["Question 3", "assistant", "Question 4", "assistant", "Question 5", "assistant"]);
  });

  test("a question and its answer stored at the same instant (as older threads may hold) read question first", async () => {
    const db = t.deps.database.db;
    const thread = await db.insertInto("chat_threads").values({ user_id: user.id, domain_id: home, title: "Same instant" }).returning("id").executeTakeFirstOrThrow();
    const at = new Date("2026-03-10T09:00:00.000Z");
    // The answer's id sorts first, so only the role can put the question before it.
    await db
      .insertInto("chat_messages")
      .values([
        { id: "ffffffff-ffff-4fff-bfff-ffffffffffff", thread_id: thread.id, user_id: user.id, role: "user", content: "Asked", citations: "[]", stopped: false, created_at: at },
        { id: "00000000-0000-4000-8000-000000000000", thread_id: thread.id, user_id: user.id, role: "assistant", content: "Answered", citations: "[]", stopped: false, created_at: at },
      ])
      .execute();
    const read = (await (await call(t, "GET", `/api/chat/threads/${thread.id}`, { user })).json()) as { messages: { content: string }[] };
    expect(read.messages.map((m) => m.content)).toEqual(["Asked", "Answered"]);
  });

  test("the sources fit the model's budget in a collection of 2,000 long notes", async () => {
    const big = await createTestApp(kind, { SUMMARY_ENGINE: "openai", OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: "test", CHAT_CONTEXT_TOKENS: "6000" });
    try {
      const owner = await createUser(big.deps);
      const domain = (await createDomain(big, owner, { name: "Long", isDefault: true })).id;
      const long = "I kept thinking about the lighthouse restoration and the volunteers who came every weekend. ".repeat(40);
      for (let start = 0; start < 2000; start += 500) {
        await big.deps.database.db
          .insertInto("voice_notes")
          .values(
            Array.from({ length: 500 }, (_, i) => ({
              user_id: owner.id, domain_id: domain, client_id: null, title: `Entry ${start + i}`, transcription: `${long} Note ${start + i}.`, duration: 600,
              is_transcribed: true, is_transcribing: false, transcription_error: null, audio_key: null, audio_mime: null, audio_bytes: null,
              next_attempt_at: null, lease_owner: null, lease_expires_at: null, created_at: new Date(Date.UTC(2026, 0, 1) + (start + i) * 60_000),
            })),
          )
          .execute();
      }
      server.chatContent = () => "The lighthouse [1].";
      const res = await call(big, "POST", "/api/chat", { user: owner, json: { question: "What about the lighthouse volunteers?", domainId: domain }, headers: JSON_ACCEPT });
      expect(res.status).toBe(200);
      const messages = server.chats.at(-1)!.messages;
      const tokens = messages.reduce((sum, m) => sum + estimateTokens(m.content) + 4, 0);
      expect(tokens).toBeLessThanOrEqual(6000 - 1024);
      const numbered = messages.at(-1)!.content.match(/^\[\d+\] "Entry/gm) ?? [];
      expect(numbered.length).toBeGreaterThanOrEqual(3);
    } finally {
      await big.close();
    }
  });

  test("Stop aborts the model's request and keeps the partial answer, marked stopped", async () => {
    const running = await startTestServer(kind, { SUMMARY_ENGINE: "openai", OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: "test" });
    try {
      const signup = await fetch(`${running.url}/auth/v1/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `stop-${Date.now()}@example.com`, password: "stop-password-1" }) });
      const token = ((await signup.json()) as { access_token: string }).access_token;
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      const domain = (await (await fetch(`${running.url}/api/domains`, { method: "POST", headers, body: JSON.stringify({ name: "Stops", primaryColor: "#000000", isDefault: true, userId: "" }) })).json()) as { id: string };
      server.chatContent = () => Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
      server.streamChunkDelayMs = 20;
      const aborted = server.abortedStreams;
      const stop = new AbortController();
      const res = await fetch(`${running.url}/api/chat`, { method: "POST", headers, body: JSON.stringify({ question: "Tell me everything", domainId: domain.id }), signal: stop.signal });
      const reader = res.body!.getReader();
      let seen = "";
      while (!seen.includes("word5 ")) seen += new TextDecoder().decode((await reader.read()).value);
      stop.abort();
      await expect.poll(() => server.abortedStreams, { timeout: 5000 }).toBe(aborted + 1);
      const list = async () => (await (await fetch(`${running.url}/api/chat/threads?domainId=${domain.id}`, { headers })).json()) as { id: string }[];
      await expect.poll(async () => (await list()).length, { timeout: 5000 }).toBe(1);
      const thread = (await (await fetch(`${running.url}/api/chat/threads/${(await list())[0]!.id}`, { headers })).json()) as { messages: Answer["message"][] };
      const answer = thread.messages[1]!;
      expect(answer.stopped).toBe(true);
      expect(answer.content.startsWith("word0 word1 word2 word3 word4 word5")).toBe(true);
      expect(answer.content).not.toContain("word199");
    } finally {
      server.streamChunkDelayMs = 0;
      await running.close();
    }
  });

  test("without a model the answer quotes the best passages with citations and makes no model call", async () => {
    const plain = await createTestApp(kind, { SUMMARY_ENGINE: "extractive", OPENAI_BASE_URL: server.baseURL });
    try {
      const owner = await createUser(plain.deps);
      const domain = (await createDomain(plain, owner, { name: "Plain", isDefault: true })).id;
      await plain.deps.database.db
        .insertInto("voice_notes")
        .values({
          user_id: owner.id, domain_id: domain, client_id: null, title: "Bike", transcription: "The bike shop said the new chain arrives on Friday.", duration: 10,
          is_transcribed: true, is_transcribing: false, transcription_error: null, audio_key: null, audio_mime: null, audio_bytes: null,
          next_attempt_at: null, lease_owner: null, lease_expires_at: null, created_at: new Date(),
        })
        .execute();
      const calls = server.chats.length;
      const res = await call(plain, "POST", "/api/chat", { user: owner, json: { question: "When does the bike chain arrive?", domainId: domain }, headers: JSON_ACCEPT });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as Answer;
      expect(answer.message.content).toContain("> The bike shop said the new chain arrives on Friday. [1]");
      expect(answer.message.content).toContain(NO_MODEL_LINE);
      expect(answer.message.citations).toEqual([expect.objectContaining({ n: 1, title: "Bike" })]);
      expect(server.chats.length).toBe(calls);
    } finally {
      await plain.close();
    }
  });

  test("an unreachable or failing model is a clear, retryable error", async () => {
    server.failNext(2, "500"); // the SDK tries twice
    const failed = await expectError(await ask({ question: "Anything?", domainId: home }), 503, "engine_unavailable");
    expect(failed.error.message).toMatch(/try again/i);
    server.failNext(2, "500"); // the SDK tries twice
    await expectError(await call(t, "POST", "/api/chat", { user, json: { question: "Anything?", domainId: home } }), 503, "engine_unavailable");
    const down = await createTestApp(kind, { SUMMARY_ENGINE: "openai", OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_API_KEY: "test" });
    try {
      const owner = await createUser(down.deps);
      const domain = (await createDomain(down, owner, { name: "Down", isDefault: true })).id;
      const res = await call(down, "POST", "/api/chat", { user: owner, json: { question: "Anything?", domainId: domain }, headers: JSON_ACCEPT });
      await expectError(res, 503, "engine_unavailable");
    } finally {
      await down.close();
    }
  });

  test("bounds: question length, another user's collection or thread, a full thread, and the rate limit", async () => {
    for (const question of ["", "   ", "x".repeat(2001)]) await expectError(await ask({ question, domainId: home }), 400, "validation_failed");
    await expectError(await ask({ question: "x".repeat(1999) + "  ", domainId: otherHome }), 404, "not_found");
    await expectError(await ask({ question: "Hi", domainId: home, period: "day" }), 400, "validation_failed");
    server.chatContent = () => "Hello.";
    const mine = await askOk({ question: "Hi", domainId: home });
    await expectError(await ask({ question: "Hi", domainId: otherHome, threadId: mine.threadId }, other), 404, "not_found");
    await expectError(await call(t, "GET", `/api/chat/threads/${mine.threadId}`, { user: other }), 404, "not_found");
    await expectError(await call(t, "DELETE", `/api/chat/threads/${mine.threadId}`, { user: other }), 404, "not_found");
    await expectError(await call(t, "GET", `/api/chat/threads?domainId=${home}`, { user: other }), 404, "not_found");

    const db = t.deps.database.db;
    await db
      .insertInto("chat_messages")
      .values(Array.from({ length: CHAT_THREAD_MAX_MESSAGES - 2 }, (_, i) => ({ thread_id: mine.threadId, user_id: user.id, role: i % 2 ? ("assistant" as const) : ("user" as const), content: "filler", citations: "[]" })))
      .execute();
    await expectError(await ask({ question: "One more?", domainId: home, threadId: mine.threadId }), 409, "conflict");

    const limited = await createTestApp(kind, { SUMMARY_ENGINE: "openai", OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: "test", CHAT_RATE_LIMIT: "3" });
    try {
      const owner = await createUser(limited.deps);
      const domain = (await createDomain(limited, owner, { name: "Limited", isDefault: true })).id;
      const send = () => call(limited, "POST", "/api/chat", { user: owner, json: { question: "Hi", domainId: domain }, headers: JSON_ACCEPT });
      expect((await send()).status).toBe(200);
      await expectError(await send(), 429, "rate_limited");
    } finally {
      await limited.close();
    }
  });

  test("threads are listed, read with deleted citations marked, deleted, and gone with the collection and the account", async () => {
    const owner = await createUser(t.deps);
    const a = (await createDomain(t, owner, { name: "Alpha", isDefault: true })).id;
    const b = (await createDomain(t, owner, { name: "Beta" })).id;
    const note = await addNote(owner, a, "Plans", "Paint the fence green.");
    server.chatContent = () => "Green [1].";
    const first = (await (await call(t, "POST", "/api/chat", { user: owner, json: { question: "What colour is the fence?", domainId: a }, headers: JSON_ACCEPT })).json()) as Answer;
    const second = (await (await call(t, "POST", "/api/chat", { user: owner, json: { question: "Anything in beta?", domainId: b }, headers: JSON_ACCEPT })).json()) as Answer;
    const list = (await (await call(t, "GET", `/api/chat/threads?domainId=${a}`, { user: owner })).json()) as { id: string; title: string }[];
    expect(list.map((x) => [x.id, x.title])).toEqual([[first.threadId, "What colour is the fence?"]]);

    expect((await call(t, "DELETE", `/api/voice-notes/${note}`, { user: owner })).status).toBe(200);
    const read = (await (await call(t, "GET", `/api/chat/threads/${first.threadId}`, { user: owner })).json()) as { messages: Answer["message"][] };
    expect(read.messages[1]!.citations[0]).toMatchObject({ id: note, title: "Plans", deleted: true });

    expect((await call(t, "DELETE", `/api/chat/threads/${first.threadId}`, { user: owner })).status).toBe(200);
    await expectError(await call(t, "GET", `/api/chat/threads/${first.threadId}`, { user: owner }), 404, "not_found");

    // The API has no collection deletion (SPEC); the foreign key cascades when a collection row goes.
    await t.deps.database.db.deleteFrom("domains").where("id", "=", b).execute();
    expect(await t.deps.database.db.selectFrom("chat_threads").select("id").where("id", "=", second.threadId).execute()).toEqual([]);
    const third = (await (await call(t, "POST", "/api/chat", { user: owner, json: { question: "Again?", domainId: a }, headers: JSON_ACCEPT })).json()) as Answer;
    expect((await call(t, "DELETE", "/api/auth/delete-account", { user: owner })).status).toBe(200);
    expect(await t.deps.database.db.selectFrom("chat_threads").select("id").where("id", "=", third.threadId).execute()).toEqual([]);
    expect(await t.deps.database.db.selectFrom("chat_messages").select("id").where("user_id", "=", owner.id).execute()).toEqual([]);
  });
});
