import { DEFAULT_SUMMARY_PROMPT } from "@vj/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { summariesRepository } from "../src/repositories/summaries.js";
import { voiceNotesRepository } from "../src/repositories/voice-notes.js";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { noteForm } from "./support/multipart.js";

interface Summary {
  id: string;
  summaryTypeId: string | null;
  summaryTypeName: string | null;
  content: string;
  period: string;
  periodKey: string;
  responseLength: string;
  themes: string[];
  createdAt: string;
}

describe.each(dbKinds)("summaries on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let domainId: string;
  let typeId: string;
  let foreignTypeId: string;

  const insert = (o: { summaryTypeId?: string | null; content: string; periodKey?: string; domain?: string }) =>
    summariesRepository(t.deps.database.db).insert({
      userId: user.id,
      domainId: o.domain ?? domainId,
      summaryTypeId: o.summaryTypeId ?? null,
      period: "week",
      periodKey: o.periodKey ?? "2026-W11",
      prompt: o.summaryTypeId ? "Typed prompt" : DEFAULT_SUMMARY_PROMPT,
      responseLength: "short",
      content: o.content,
      themes: ["focus", "rest"],
      totalVoiceNotes: 2,
      totalDuration: 65,
      wordsTranscribed: 120,
      engine: "extractive",
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await createUser(t.deps);
    domainId = (await createDomain(t, user, { name: "Journal" })).id;
    const otherDomain = (await createDomain(t, user, { name: "Second" })).id;
    const make = async (d: string) =>
      ((await (await call(t, "POST", "/api/summary-types", { user, json: { domainId: d, name: "Standup", prompt: "Yesterday?" } })).json()) as { id: string }).id;
    typeId = await make(domainId);
    foreignTypeId = await make(otherDomain);
  });
  afterAll(() => t.close());

  test("the period's summaries list newest first with the type's name; delete removes one", async () => {
    const general = await insert({ content: "General one" });
    await new Promise((r) => setTimeout(r, 5));
    const typed = await insert({ content: "Typed one", summaryTypeId: typeId });
    await insert({ content: "Other week", periodKey: "2026-W12" });

    const res = await call(t, "GET", `/api/summaries?period=week&periodKey=2026-W11&domainId=${domainId}`, { user });
    expect(res.status).toBe(200);
    const list = (await res.json()) as Summary[];
    expect(list.map((s) => [s.content, s.summaryTypeName])).toEqual([
      ["Typed one", "Standup"],
      ["General one", null],
    ]);
    expect(list[0]).toMatchObject({ period: "week", periodKey: "2026-W11", responseLength: "short", themes: ["focus", "rest"], totalVoiceNotes: 2 });

    const del = await call(t, "DELETE", `/api/summaries/${general.id}`, { user });
    expect(await del.json()).toEqual({ success: true });
    const after = (await (await call(t, "GET", `/api/summaries?period=week&periodKey=2026-W11&domainId=${domainId}`, { user })).json()) as Summary[];
    expect(after.map((s) => s.id)).toEqual([typed.id]);
    // Sent again (its answer lost): already gone counts as deleted.
    const again = await call(t, "DELETE", `/api/summaries/${general.id}`, { user });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true });
    await expectError(await call(t, "DELETE", `/api/summaries/12`, { user }), 404, "not_found");
  });

  test.each([
    ["period=year&periodKey=2026", "Period must be one of"],
    ["period=week&periodKey=2026-11", "periodKey must be a real week"],
    ["period=month&periodKey=2026-00", "periodKey must be a real month"],
    ["period=day&periodKey=", "periodKey must be a real day"],
  ])("GET ?%s answers 400", async (q, message) => {
    const body = await expectError(await call(t, "GET", `/api/summaries?${q}&domainId=${domainId}`, { user }), 400, "validation_failed");
    expect(body.error.message).toContain(message);
  });

  const valid = () => ({ period: "day", periodKey: "2026-03-10", domainId, isGeneralSummary: true, responseLength: "medium", tz: "Europe/London" });

  test.each([
    ["a general summary", () => ({})],
    ["a typed summary", () => ({ isGeneralSummary: false, summaryTypeId: typeId })],
    ["a typed summary (general omitted, default length)", () => ({ isGeneralSummary: undefined, responseLength: undefined, summaryTypeId: typeId })],
    ["null summaryTypeId with the general summary", () => ({ summaryTypeId: null })],
  ])("a valid request for %s passes validation and, with no transcribed notes in the period, answers 422", async (_n, patch) => {
    const res = await call(t, "POST", "/api/summaries/generate", { user, json: { ...valid(), ...patch() } });
    const body = await expectError(res, 422, "unprocessable");
    expect(body.error.message).toBe("There are no transcribed notes in this period to summarise yet.");
  });

  test.each([
    [{ period: "year" }, "Period must be one of day, week, month"],
    [{ periodKey: "2026-W11" }, "periodKey must be a real day"],
    [{ period: "week", periodKey: "2026-W54" }, "periodKey must be a real week"],
    [{ responseLength: "huge" }, "Response length must be one of short, medium, long"],
    [{ tz: "Nowhere/City" }, "Unknown time zone"],
    [{ isGeneralSummary: false }, "Choose a summary type or the general summary"],
    [{ summaryTypeId: "11111111-1111-4111-8111-111111111111" }, "not both"],
    [{ domainId: "abc" }, "domainId"],
    [{ isGeneralSummary: "yes" }, "isGeneralSummary"],
  ])("generate %j answers 400", async (patch, message) => {
    const body = await expectError(await call(t, "POST", "/api/summaries/generate", { user, json: { ...valid(), ...patch } }), 400, "validation_failed");
    expect(body.error.message).toContain(message);
  });

  test("generate checks ownership: foreign collection or type 404, a type of another collection 400", async () => {
    const other = await createUser(t.deps);
    await expectError(await call(t, "POST", "/api/summaries/generate", { user: other, json: valid() }), 404, "not_found");
    const otherDomain = (await createDomain(t, other, { name: "Theirs" })).id;
    await expectError(
      await call(t, "POST", "/api/summaries/generate", { user: other, json: { ...valid(), domainId: otherDomain, isGeneralSummary: false, summaryTypeId: typeId } }),
      404,
      "not_found",
    );
    const body = await expectError(
      await call(t, "POST", "/api/summaries/generate", { user, json: { ...valid(), isGeneralSummary: false, summaryTypeId: foreignTypeId } }),
      400,
      "validation_failed",
    );
    expect(body.error.message).toContain("another collection");
  });

  test("malformed JSON answers 400", async () => {
    const res = await call(t, "POST", "/api/summaries/generate", { user, body: "period=day", headers: { "content-type": "application/json" } });
    await expectError(res, 400, "bad_request");
  });

  test("the repository reads a period's transcribed notes only (no failed, empty or untranscribed ones)", async () => {
    const u = await createUser(t.deps);
    const d = (await createDomain(t, u, { name: "Read" })).id;
    const ids: Record<string, string> = {};
    for (const [title, createdAt] of [
      ["ok", "2026-03-10T09:00:00.000Z"],
      ["failed", "2026-03-10T10:00:00.000Z"],
      ["error text", "2026-03-10T11:00:00.000Z"],
      ["pending", "2026-03-10T12:00:00.000Z"],
      ["next day", "2026-03-11T09:00:00.000Z"],
    ] as const) {
      const res = await t.app.request("/api/voice-notes", { method: "POST", headers: u.headers, body: noteForm({ domainId: d, title, createdAt }) });
      ids[title] = ((await res.json()) as { id: string }).id;
    }
    const db = t.deps.database.db;
    const set = (title: string, values: Record<string, unknown>) => db.updateTable("voice_notes").set(values).where("id", "=", ids[title]!).execute();
    await set("ok", { transcription: "Went for a run.", is_transcribed: true, is_transcribing: false });
    await set("failed", { transcription: null, is_transcribed: false, is_transcribing: false, transcription_error: "boom" });
    await set("error text", { transcription: "ERROR: boom", is_transcribed: true, is_transcribing: false });
    await set("next day", { transcription: "Tomorrow.", is_transcribed: true, is_transcribing: false });
    const notes = await voiceNotesRepository(db).listTranscribedInRange(u.id, {
      domainId: d,
      start: new Date("2026-03-10T00:00:00.000Z"),
      end: new Date("2026-03-11T00:00:00.000Z"),
    });
    expect(notes.map((n) => [n.title, n.transcription])).toEqual([["ok", "Went for a run."]]);
  });
});
