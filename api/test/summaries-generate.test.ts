import { countWords, DEFAULT_SUMMARY_PROMPT, RESPONSE_LENGTH_TARGET_WORDS, type Summary } from "@vj/core";
import fs from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createApp } from "../src/app.js";
import { resolveEngines } from "../src/engines/resolve.js";
import { SummaryError, type Summarizer, type SummaryNote, type SummaryRequest } from "../src/engines/summaries/types.js";
import { createLogger } from "../src/logger.js";
import { createBlobStore } from "../src/storage/index.js";
import { journalWeek, learningMonth } from "./engines/fixtures/journal-notes.js";
import { createUser, type TestUser } from "./factories.js";
import { SummaryRunner } from "../src/jobs/summary-runner.js";
import { summaryJobsRepository } from "../src/repositories/summary-jobs.js";
import { writeSummary } from "../src/services/summaries.js";
import { createTestApp, dbKinds, freshDatabase, testConfig, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { noteForm } from "./support/multipart.js";
import { startOpenAITestServer, type ChatCall, type OpenAITestServer } from "./support/openai-server.js";

interface NoteSpec {
  domainId: string;
  title: string;
  createdAt: string;
  /** The transcript the worker wrote; undefined leaves the note untranscribed. */
  text?: string;
  duration?: number;
}

/** Uploads a recording through the API, then stores its transcript the way the transcription worker does. */
async function addNote(t: TestApp, user: TestUser, n: NoteSpec): Promise<string> {
  const res = await t.app.request("/api/voice-notes", {
    method: "POST",
    headers: user.headers,
    body: noteForm({ domainId: n.domainId, title: n.title, createdAt: n.createdAt }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  const db = t.deps.database.db;
  await db
    .updateTable("voice_notes")
    .set({
      is_transcribing: false,
      lease_owner: null,
      lease_expires_at: null,
      ...(n.duration !== undefined ? { duration: n.duration } : {}),
      ...(n.text !== undefined ? { transcription: n.text, is_transcribed: true } : {}),
    })
    .where("id", "=", id)
    .execute();
  return id;
}

/** The job runner as a worker process runs it, until nothing is left to write (retries at once). */
async function drainSummaries(t: TestApp): Promise<void> {
  const db = t.deps.database.db;
  await new SummaryRunner({
    jobs: summaryJobsRepository(db),
    write: (job) => writeSummary({ db, summarizer: t.deps.engines.summarizer }, job),
    logger: t.deps.logger,
    leaseSeconds: 60,
    pollMs: 1000,
    maxAttempts: 3,
    retryBaseMs: 0,
  }).drain();
}

/**
 * POST /api/summaries/generate, which answers 202 with the pending summary at once, then the job
 * runner's work; answers the summary as it ended (201 when written, 200 when it failed), or the
 * request's own refusal.
 */
const generate = async (t: TestApp, user: TestUser, json: Record<string, unknown>): Promise<Response> => {
  const res = await call(t, "POST", "/api/summaries/generate", { user, json: { responseLength: "medium", tz: "UTC", ...json } });
  if (res.status !== 202) return res;
  const pending = (await res.json()) as Summary & { status: string };
  expect(pending.status).toBe("pending");
  await drainSummaries(t);
  const ended = (await listSummaries(t, user, pending)).find((s) => s.id === pending.id)!;
  return new Response(JSON.stringify(ended), { status: (ended as { status?: string }).status === "ready" ? 201 : 200, headers: { "content-type": "application/json" } });
};

async function listSummaries(t: TestApp, user: TestUser, q: { period: string; periodKey: string; domainId: string }): Promise<Summary[]> {
  const res = await call(t, "GET", `/api/summaries?period=${q.period}&periodKey=${q.periodKey}&domainId=${q.domainId}`, { user });
  expect(res.status).toBe(200);
  return (await res.json()) as Summary[];
}

async function summaryRows(t: TestApp, userId: string): Promise<number> {
  const rows = await t.deps.database.db.selectFrom("summaries").select("id").where("user_id", "=", userId).execute();
  return rows.length;
}

const chatText = (c: ChatCall) => c.messages.map((m) => m.content).join("\n");
const sumWords = (texts: string[]) => texts.reduce((s, x) => s + countWords(x), 0);

describe.each(dbKinds)("POST /api/summaries/generate with the openai engine on %s", (kind) => {
  let server: OpenAITestServer;
  let t: TestApp;
  let user: TestUser;
  let journal: string;

  // Week 2026-W47 in New York runs Sunday Nov 15 05:00Z to Sunday Nov 22 05:00Z.
  const week = { period: "week", periodKey: "2026-W47", tz: "America/New_York" };
  const inWeek = [
    { title: "Sunday just after midnight", createdAt: "2026-11-15T05:30:00.000Z", duration: 61, text: `marker-in-one. ${journalWeek[0]!.text}` },
    { title: "Wednesday lunch", createdAt: "2026-11-18T17:00:00.000Z", duration: 88, text: `marker-in-two. ${journalWeek[2]!.text}` },
    { title: "Saturday late evening", createdAt: "2026-11-22T04:30:00.000Z", duration: 120, text: `marker-in-three. ${journalWeek[5]!.text}` },
  ];

  beforeAll(async () => {
    server = await startOpenAITestServer();
    t = await createTestApp(kind, {
      SUMMARY_ENGINE: "openai",
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: "test",
      SUMMARY_MODEL: "journal-model-1",
    });
    user = await createUser(t.deps);
    journal = (await createDomain(t, user, { name: "Journal" })).id;
    const elsewhere = (await createDomain(t, user, { name: "Elsewhere" })).id;
    const other = await createUser(t.deps);
    const theirs = (await createDomain(t, other, { name: "Theirs" })).id;

    for (const n of inWeek.slice(0, 2)) await addNote(t, user, { domainId: journal, ...n });
    // The third note's text arrives the way a user types it: PATCH transcription.
    const patched = await addNote(t, user, { domainId: journal, title: inWeek[2]!.title, createdAt: inWeek[2]!.createdAt, duration: inWeek[2]!.duration });
    const res = await call(t, "PATCH", `/api/voice-notes/${patched}`, { user, json: { transcription: inWeek[2]!.text } });
    expect(res.status).toBe(200);

    // None of these belongs to the Journal's week in New York.
    await addNote(t, user, { domainId: journal, title: "title-out-prev", createdAt: "2026-11-15T04:30:00.000Z", text: "marker-out-previous-week (Saturday 23:30 in New York)", duration: 5 });
    await addNote(t, user, { domainId: journal, title: "title-out-next", createdAt: "2026-11-22T05:30:00.000Z", text: "marker-out-next-week", duration: 5 });
    await addNote(t, user, { domainId: elsewhere, title: "title-out-collection", createdAt: "2026-11-18T12:00:00.000Z", text: "marker-out-collection", duration: 5 });
    await addNote(t, other, { domainId: theirs, title: "title-out-user", createdAt: "2026-11-18T12:00:00.000Z", text: "marker-out-user", duration: 5 });
    await addNote(t, user, { domainId: journal, title: "title-out-pending", createdAt: "2026-11-19T12:00:00.000Z", duration: 5 });
    await addNote(t, user, { domainId: journal, title: "title-out-error", createdAt: "2026-11-19T13:00:00.000Z", text: "ERROR: marker-out-error", duration: 5 });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });
  beforeEach(() => {
    server.chats.length = 0;
    server.chatContent = () => JSON.stringify({ content: "A scripted summary.", themes: ["Work", "Family", "Running"] });
  });

  test("a general summary reads the period's transcribed notes of the collection, oldest first, with the default prompt and the length target", async () => {
    const res = await generate(t, user, { ...week, domainId: journal, isGeneralSummary: true, responseLength: "medium" });
    expect(res.status, await res.clone().text()).toBe(201);
    const summary = (await res.json()) as Summary;

    expect(server.chats).toHaveLength(1);
    const chat = server.chats[0]!;
    expect(chat.model).toBe("journal-model-1");
    const text = chatText(chat);
    for (const n of inWeek) expect(text).toContain(n.text);
    const positions = ["marker-in-one", "marker-in-two", "marker-in-three"].map((m) => text.indexOf(m));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const out of ["marker-out", "title-out"]) expect(text).not.toContain(out);
    expect(text).toContain(DEFAULT_SUMMARY_PROMPT);
    expect(text).toContain("about 250 words");
    expect(text).toContain("Week 47, 2026 (Nov 15 - Nov 21)");

    expect(summary).toMatchObject({
      userId: user.id,
      domainId: journal,
      summaryTypeId: null,
      summaryTypeName: null,
      period: "week",
      periodKey: "2026-W47",
      prompt: DEFAULT_SUMMARY_PROMPT,
      responseLength: "medium",
      content: "A scripted summary.",
      themes: ["Work", "Family", "Running"],
      totalVoiceNotes: 3,
      totalDuration: 61 + 88 + 120,
      wordsTranscribed: sumWords(inWeek.map((n) => n.text)),
      engine: "openai:journal-model-1",
    });
    expect(await listSummaries(t, user, { ...week, domainId: journal })).toContainEqual(summary);
  });

  test("a typed summary asks the type's question under its name; deleting the type removes its summaries", async () => {
    const type = (await (
      await call(t, "POST", "/api/summary-types", { user, json: { domainId: journal, name: "Family time", prompt: "How did I spend time with my family?" } })
    ).json()) as { id: string };
    const res = await generate(t, user, { ...week, domainId: journal, summaryTypeId: type.id, responseLength: "short" });
    expect(res.status, await res.clone().text()).toBe(201);
    const typed = (await res.json()) as Summary;

    const text = chatText(server.chats[0]!);
    expect(text).toContain("How did I spend time with my family?");
    expect(text).toContain("Summary type: Family time");
    expect(text).toContain("about 100 words");
    expect(text).not.toContain(DEFAULT_SUMMARY_PROMPT);
    expect(typed).toMatchObject({
      summaryTypeId: type.id,
      summaryTypeName: "Family time",
      prompt: "How did I spend time with my family?",
      responseLength: "short",
      totalVoiceNotes: 3,
    });

    const general = await generate(t, user, { ...week, domainId: journal, isGeneralSummary: true, responseLength: "long" });
    expect(general.status).toBe(201);
    expect(chatText(server.chats[1]!)).toContain("about 400 words");
    const generalId = ((await general.json()) as Summary).id;

    let ids = (await listSummaries(t, user, { ...week, domainId: journal })).map((s) => s.id);
    expect(ids).toContain(typed.id);
    expect((await call(t, "DELETE", `/api/summary-types/${type.id}`, { user })).status).toBe(200);
    ids = (await listSummaries(t, user, { ...week, domainId: journal })).map((s) => s.id);
    expect(ids).not.toContain(typed.id);
    expect(ids).toContain(generalId);
  });

  test("themes the model gets wrong are cleaned up to 3–6 labels", async () => {
    server.chatContent = () => JSON.stringify({ content: "Short.", themes: ["Work"] });
    const few = (await (await generate(t, user, { ...week, domainId: journal, isGeneralSummary: true })).json()) as Summary;
    expect(few.themes[0]).toBe("Work");
    expect(few.themes.length).toBeGreaterThanOrEqual(3);
    expect(few.themes.length).toBeLessThanOrEqual(6);

    server.chatContent = () => JSON.stringify({ content: "Short.", themes: ["A", "B", "C", "D", "E", "F", "G", "H", "a"] });
    const many = (await (await generate(t, user, { ...week, domainId: journal, isGeneralSummary: true })).json()) as Summary;
    expect(many.themes).toEqual(["A", "B", "C", "D", "E", "F"]);
  });

  test("a period without transcribed notes answers 422 and asks no engine", async () => {
    const before = await summaryRows(t, user.id);
    // Nov 19 in New York holds only a pending note and a failed one.
    for (const q of [
      { period: "day", periodKey: "2026-11-19", tz: "America/New_York" },
      { period: "month", periodKey: "2026-01", tz: "UTC" },
    ]) {
      const body = await expectError(await generate(t, user, { ...q, domainId: journal, isGeneralSummary: true }), 422, "unprocessable");
      expect(body.error.message).toBe("There are no transcribed notes in this period to summarise yet.");
    }
    expect(server.chats).toHaveLength(0);
    expect(await summaryRows(t, user.id)).toBe(before);
  });

  test("the chat server failing is retried by the job runner, and the summary is written", async () => {
    const before = await summaryRows(t, user.id);
    server.failNext(2, "500"); // the SDK retries once: the first attempt fails, the second is answered
    const res = await generate(t, user, { ...week, domainId: journal, isGeneralSummary: true });
    expect(res.status).toBe(201);
    expect(server.chats).toHaveLength(3);
    expect(await summaryRows(t, user.id)).toBe(before + 1);
  });

  test("a rejected API key fails the summary at once, with the reason", async () => {
    server.failNext(1, "401");
    const res = await generate(t, user, { ...week, domainId: journal, isGeneralSummary: true });
    const failed = (await res.json()) as { status: string; error: string; content: string };
    expect(failed).toMatchObject({ status: "failed", content: "" });
    expect(failed.error).toContain("rejected the API key");
    expect(server.chats).toHaveLength(1);
  });
});

describe.each(dbKinds)("map-reduce over a small context on %s", (kind) => {
  let server: OpenAITestServer;
  let t: TestApp;
  beforeAll(async () => {
    server = await startOpenAITestServer();
    // 1000 tokens leaves 750 for notes: the month below (~1,300 tokens) cannot go in one request.
    t = await createTestApp(kind, { SUMMARY_ENGINE: "openai", OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: "test", SUMMARY_CONTEXT_TOKENS: "1000" });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  test("every note reaches a partial summary and the combined summary is stored", async () => {
    const user = await createUser(t.deps);
    const domainId = (await createDomain(t, user, { name: "Learning" })).id;
    const notes = learningMonth.map((n, i) => ({ ...n, text: `month-marker-${i + 1}. ${n.text}` }));
    for (const n of notes) await addNote(t, user, { domainId, title: n.title, createdAt: n.createdAt.toISOString(), text: n.text, duration: n.durationSeconds });
    server.chatContent = (c) =>
      c.responseFormat === undefined
        ? `Partial ${c.n}: learning, Spanish and statistics.`
        : JSON.stringify({ content: "The month combined.", themes: ["Spanish", "Statistics", "Mornings"] });

    const res = await generate(t, user, { period: "month", periodKey: "2026-10", domainId, isGeneralSummary: true });
    expect(res.status, await res.clone().text()).toBe(201);
    const summary = (await res.json()) as Summary;

    const maps = server.chats.filter((c) => c.responseFormat === undefined);
    const finals = server.chats.filter((c) => c.responseFormat !== undefined);
    expect(maps.length).toBeGreaterThanOrEqual(2);
    expect(finals).toHaveLength(1);
    notes.forEach((_n, i) => {
      const marker = new RegExp(`month-marker-${i + 1}\\b`);
      expect(maps.filter((c) => marker.test(chatText(c))), `note ${i + 1}`).toHaveLength(1);
    });
    const final = chatText(finals[0]!);
    expect(final).toContain("Partial summaries");
    expect(final).not.toContain("month-marker");
    for (const m of maps) expect(final).toContain(`Partial ${m.n}:`);

    expect(summary).toMatchObject({
      content: "The month combined.",
      themes: ["Spanish", "Statistics", "Mornings"],
      totalVoiceNotes: 12,
      totalDuration: notes.reduce((s, n) => s + n.durationSeconds, 0),
      wordsTranscribed: sumWords(notes.map((n) => n.text)),
      engine: "openai:gpt-4o-mini",
    });
    expect((await listSummaries(t, user, { period: "month", periodKey: "2026-10", domainId })).map((s) => s.id)).toEqual([summary.id]);
  });
});

describe.each(dbKinds)("POST /api/summaries/generate with the offline extractive engine on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let domainId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { SUMMARY_ENGINE: "extractive" });
    user = await createUser(t.deps);
    domainId = (await createDomain(t, user, { name: "Life" })).id;
    for (const n of [...journalWeek, ...learningMonth]) {
      await addNote(t, user, { domainId, title: n.title, createdAt: n.createdAt.toISOString(), text: n.text, duration: n.durationSeconds });
    }
  });
  afterAll(() => t.close());

  const fixtures: [string, { period: string; periodKey: string; label: string }, SummaryNote[]][] = [
    ["a week of long notes", { period: "week", periodKey: "2026-W47", label: "Week 47, 2026 (Nov 15 - Nov 21)" }, journalWeek],
    ["a month of short notes", { period: "month", periodKey: "2026-10", label: "October 2026" }, learningMonth],
  ];
  const cases = (["short", "medium", "long"] as const).flatMap((length) => fixtures.map(([name, q, notes]) => ({ length, name, q, notes })));

  test.each(cases)("a $length summary of $name lands within ±30 % of its word target", async ({ length, q, notes }) => {
    const res = await generate(t, user, { period: q.period, periodKey: q.periodKey, domainId, isGeneralSummary: true, responseLength: length });
    expect(res.status, await res.clone().text()).toBe(201);
    const summary = (await res.json()) as Summary;
    const target = RESPONSE_LENGTH_TARGET_WORDS[length];
    const words = countWords(summary.content);
    expect(words).toBeGreaterThanOrEqual(target * 0.7);
    expect(words).toBeLessThanOrEqual(target * 1.3);
    expect(summary.content).toContain(`Key points from ${q.label}`);
    expect(summary.themes.length).toBeGreaterThanOrEqual(3);
    expect(summary.themes.length).toBeLessThanOrEqual(6);
    expect(summary).toMatchObject({
      engine: "extractive",
      responseLength: length,
      totalVoiceNotes: notes.length,
      totalDuration: notes.reduce((s, n) => s + n.durationSeconds, 0),
      wordsTranscribed: sumWords(notes.map((n) => n.text)),
    });
  });
});

describe.each(dbKinds)("what the engine is given, and changes while it writes, on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let domainId: string;
  const seen: SummaryRequest[] = [];
  /** Runs inside the engine call, between reading the notes and storing the summary. */
  let during: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const config = testConfig();
    const database = await freshDatabase(kind);
    const scripted: Summarizer = {
      name: "scripted",
      async summarize(request) {
        seen.push(request);
        await during();
        return { content: "Scripted.", themes: ["One", "Two", "Three"], engine: "scripted:v1" };
      },
    };
    const deps = { config, database, logger: createLogger("silent"), engines: { ...resolveEngines(config), summarizer: scripted }, blobs: createBlobStore(config) };
    t = {
      app: createApp(deps),
      deps,
      close: async () => {
        await database.close();
        fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
      },
    };
    user = await createUser(t.deps);
    domainId = (await createDomain(t, user, { name: "Days" })).id;
    await addNote(t, user, { domainId, title: "Morning", createdAt: "2026-03-10T08:00:00.000Z", text: "Coffee and a plan.", duration: 42 });
    await addNote(t, user, { domainId, title: "Evening", createdAt: "2026-03-10T20:00:00.000Z", text: "The plan held up.", duration: 17 });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    seen.length = 0;
    during = async () => {};
  });

  const day = { period: "day", periodKey: "2026-03-10", domainId: "", isGeneralSummary: true, tz: "UTC" };

  test("the engine receives the notes oldest first with their titles, times and durations, and the period as a date", async () => {
    const res = await generate(t, user, { ...day, domainId, responseLength: "short" });
    expect(res.status).toBe(201);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual({
      notes: [
        { title: "Morning", createdAt: new Date("2026-03-10T08:00:00.000Z"), text: "Coffee and a plan.", durationSeconds: 42 },
        { title: "Evening", createdAt: new Date("2026-03-10T20:00:00.000Z"), text: "The plan held up.", durationSeconds: 17 },
      ],
      prompt: DEFAULT_SUMMARY_PROMPT,
      responseLength: "short",
      periodLabel: "Tuesday, March 10, 2026",
    });
    expect((await res.json()) as Summary).toMatchObject({ engine: "scripted:v1", totalVoiceNotes: 2, totalDuration: 59, wordsTranscribed: 8 });
  });

  test("a summary type deleted while its summary is written takes the summary with it: nothing is stored", async () => {
    const type = (await (await call(t, "POST", "/api/summary-types", { user, json: { domainId, name: "Plans", prompt: "Did the plan hold?" } })).json()) as {
      id: string;
    };
    during = async () => {
      expect((await call(t, "DELETE", `/api/summary-types/${type.id}`, { user })).status).toBe(200);
    };
    const before = await summaryRows(t, user.id);
    const res = await call(t, "POST", "/api/summaries/generate", { user, json: { ...day, domainId, isGeneralSummary: false, summaryTypeId: type.id } });
    expect(res.status).toBe(202);
    await drainSummaries(t);
    expect(seen[0]).toMatchObject({ prompt: "Did the plan hold?", typeName: "Plans" });
    expect(await summaryRows(t, user.id)).toBe(before);
  });

  test.each([
    [true, 3],
    [false, 1],
  ] as const)("an engine error (retryable %s) is tried %i times, then the summary is failed with its reason", async (retryable, attempts) => {
    during = async () => {
      throw new SummaryError("The model is overloaded.", retryable);
    };
    const res = await generate(t, user, { ...day, domainId });
    const failed = (await res.json()) as { status: string; error: string };
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("The model is overloaded");
    expect(seen).toHaveLength(attempts);
  });
});

describe.each(dbKinds)("summaries as durable jobs on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let domainId: string;
  const day = { period: "day", periodKey: "2026-03-10", isGeneralSummary: true, tz: "UTC" };

  beforeAll(async () => {
    t = await createTestApp(kind, { SUMMARY_ENGINE: "extractive" });
    user = await createUser(t.deps);
    domainId = (await createDomain(t, user, { name: "Jobs" })).id;
    await addNote(t, user, { domainId, title: "Morning", createdAt: "2026-03-10T08:00:00.000Z", text: "Coffee and a plan for the garden.", duration: 42 });
  });
  afterAll(() => t.close());

  test("the request answers at once with the pending summary, which the list shows until it is written", async () => {
    const res = await call(t, "POST", "/api/summaries/generate", { user, json: { ...day, domainId, clientRequestId: "gen-1" } });
    expect(res.status).toBe(202);
    const pending = (await res.json()) as Summary & { status: string };
    expect(pending).toMatchObject({ status: "pending", content: "" });
    expect((await listSummaries(t, user, { ...day, domainId })).map((s) => [s.id, (s as { status?: string }).status])).toEqual([[pending.id, "pending"]]);
    await drainSummaries(t);
    const [written] = await listSummaries(t, user, { ...day, domainId });
    expect(written).toMatchObject({ id: pending.id, status: "ready" });
    expect(written!.content).toContain("Coffee");
  });

  test("the same request sent again (a dropped connection) finds its summary; a second click makes another", async () => {
    const send = (clientRequestId: string) => call(t, "POST", "/api/summaries/generate", { user, json: { ...day, domainId, clientRequestId } });
    const first = await send("gen-2");
    expect(first.status).toBe(202);
    const id = ((await first.json()) as Summary).id;
    const again = await send("gen-2");
    expect(again.status).toBe(200);
    expect(((await again.json()) as Summary).id).toBe(id);
    await drainSummaries(t);
    const afterWritten = await send("gen-2");
    expect(afterWritten.status).toBe(200);
    expect(((await afterWritten.json()) as Summary & { status: string }).status).toBe("ready");
    const other = await send("gen-3");
    expect(other.status).toBe(202);
    expect(((await other.json()) as Summary).id).not.toBe(id);
    await drainSummaries(t);
  });
});
