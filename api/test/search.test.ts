import { SEARCH_SNIPPET_MAX } from "@vj/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { summariesRepository } from "../src/repositories/summaries.js";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { noteForm } from "./support/multipart.js";

interface Hit {
  kind: "note" | "summary";
  id: string;
  domainId: string;
  title: string;
  createdAt: string;
  snippet: string;
  highlights: [number, number][];
  duration?: number;
  period?: string;
  periodKey?: string;
}

const marked = (h: Hit) => h.highlights.map(([s, e]) => h.snippet.slice(s, e));

describe.each(dbKinds)("search on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let home: string;
  let work: string;
  let otherHome: string;
  let minute = 0;

  /** A transcribed note written as the transcription runner leaves one (the trigger indexes it). */
  const addNote = async (owner: TestUser, domainId: string, title: string, transcription: string | null) => {
    const row = await t.deps.database.db
      .insertInto("voice_notes")
      .values({
        user_id: owner.id, domain_id: domainId, client_id: null, title, transcription, duration: 42,
        is_transcribed: transcription !== null, is_transcribing: false, transcription_error: null,
        audio_key: null, audio_mime: null, audio_bytes: null, next_attempt_at: null, lease_owner: null, lease_expires_at: null,
        created_at: new Date(Date.UTC(2026, 2, 10, 8, minute++)),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const search = async (q: string, extra = "", as: TestUser = user) => {
    const res = await call(t, "GET", `/api/search?q=${encodeURIComponent(q)}${extra}`, { user: as });
    expect(res.status, await res.clone().text()).toBe(200);
    return { hits: (await res.json()) as Hit[], next: res.headers.get("X-Next-Cursor") };
  };
  const ids = async (q: string, extra = "") => (await search(q, extra)).hits.map((h) => h.id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await createUser(t.deps);
    other = await createUser(t.deps);
    home = (await createDomain(t, user, { name: "Home", isDefault: true })).id;
    work = (await createDomain(t, user, { name: "Work" })).id;
    otherHome = (await createDomain(t, other, { name: "Home", isDefault: true })).id;
  });
  afterAll(() => t.close());

  test("all words must match, in any order; the other user's identical words never come back", async () => {
    const both = await addNote(user, home, "Evening", "The lighthouse keeper waved at the ferry before sunset.");
    await addNote(user, work, "Standup", "Only the ferry was late today.");
    await addNote(other, otherHome, "Evening", "The lighthouse keeper waved at the ferry before sunset.");
    expect(await ids("ferry lighthouse")).toEqual([both]);
    expect(await ids("lighthouse ferry")).toEqual([both]);
    const { hits } = await search("keeper ferry");
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ kind: "note", domainId: home, title: "Evening", duration: 42 });
    expect(marked(hits[0]!)).toEqual(["keeper", "ferry"]);
  });

  test("a quoted phrase matches only as a phrase; the last word matches as a prefix", async () => {
    const phrase = await addNote(user, home, "Garden", "We planted blue tomatoes near the shed.");
    const scattered = await addNote(user, home, "Garden 2", "The tomatoes were blue with cold, we planted more.");
    expect((await ids('"blue tomatoes"')).sort()).toEqual([phrase]);
    expect((await ids("blue tomatoes")).sort()).toEqual([phrase, scattered].sort());
    expect((await ids("planted tomat")).sort()).toEqual([phrase, scattered].sort());
    // Only the word still being typed is a prefix: "tomat" inside the query must be a whole word.
    expect(await ids("tomat planted")).toEqual([]);
    const { hits } = await search('"blue tomatoes" shed');
    expect(marked(hits[0]!)).toEqual(["blue", "tomatoes", "shed"]);
  });

  test("a Japanese substring of two characters or more is found; accents are ignored", async () => {
    const ja = await addNote(user, home, "日記", "今日は日記を書いた。明日は山に登る。");
    const cafe = await addNote(user, home, "Coffee", "Met Zoë at the café on the corner.");
    expect(await ids("日記を書")).toEqual([ja]);
    expect(await ids("山に")).toEqual([ja]);
    expect(await ids("書いた 明日")).toEqual([ja]);
    expect(await ids("海に")).toEqual([]);
    const { hits } = await search("日記を書");
    expect(marked(hits[0]!)).toEqual(["日記を書"]);
    expect(await ids("cafe zoe")).toEqual([cafe]);
    expect(await ids("CAFÉ")).toEqual([cafe]);
    expect(marked((await search("cafe"))!.hits[0]!)).toEqual(["café"]);
  });

  test("a word in a title outranks the same word in a transcript; then newer first", async () => {
    const inText = await addNote(user, work, "Monday", "Notes about the quarterly zeppelin budget.");
    const inTitle = await addNote(user, work, "Zeppelin plans", "Nothing else to say.");
    const newerInText = await addNote(user, work, "Tuesday", "Notes about the quarterly zeppelin budget.");
    expect(await ids("zeppelin")).toEqual([inTitle, newerInText, inText]);
  });

  test("domainId keeps hits to one collection; another user's collection answers 404", async () => {
    const a = await addNote(user, home, "Walk", "A heron by the canal.");
    const b = await addNote(user, work, "Commute", "A heron on the bridge.");
    expect((await ids("heron")).sort()).toEqual([a, b].sort());
    expect(await ids("heron", `&domainId=${work}`)).toEqual([b]);
    await expectError(await call(t, "GET", `/api/search?q=heron&domainId=${otherHome}`, { user }), 404, "not_found");
    expect((await search("heron", "", other)).hits).toEqual([]);
  });

  test("pages follow one another with no duplicate and no gap", async () => {
    const made: string[] = [];
    for (let i = 0; i < 23; i++) made.push(await addNote(user, home, `Swim ${i}`, `pelican count ${i}`));
    // A title match is ranked above them all, on every page's reckoning.
    const titled = await addNote(user, work, "Pelican spotting", "Nothing more.");
    const seen: string[] = [];
    let before = "";
    for (let page = 0; page < 10; page++) {
      const { hits, next } = await search("pelican", `&limit=5${before}`);
      seen.push(...hits.map((h) => h.id));
      if (!next) break;
      before = `&before=${encodeURIComponent(next)}`;
    }
    expect(seen).toHaveLength(24);
    expect(seen.shift()).toBe(titled);
    // One ranked order across pages: none of these titles matches, so newest first.
    expect(seen).toEqual([...made].reverse());
    expect(await ids("pelican", "&limit=100")).toEqual([titled, ...seen]);
  });

  test("an uploaded note: its edited transcript is found by the new words, and once deleted it is gone", async () => {
    const res = await t.app.request("/api/voice-notes", {
      method: "POST",
      headers: user.headers,
      body: noteForm({ domainId: home, title: "Voice memo" }),
    });
    const note = ((await res.json()) as { id: string }).id;
    expect(await ids("memo")).toEqual([note]);
    await call(t, "PATCH", `/api/voice-notes/${note}`, { user, json: { transcription: "A walrus sang opera in the harbour." } });
    expect(await ids("walrus opera")).toEqual([note]);
    await call(t, "PATCH", `/api/voice-notes/${note}`, { user, json: { transcription: "Now it is about a narwhal." } });
    expect(await ids("walrus")).toEqual([]);
    expect(await ids("narwhal")).toEqual([note]);
    expect((await call(t, "DELETE", `/api/voice-notes/${note}`, { user })).status).toBe(200);
    expect(await ids("narwhal")).toEqual([]);
  });

  test("a summary is found by a word of its content, with its period and type name", async () => {
    const summary = await summariesRepository(t.deps.database.db).insert({
      userId: user.id, domainId: home, summaryTypeId: null, period: "week", periodKey: "2026-W11", prompt: null,
      responseLength: "short", content: "## This week\n\nMostly **kayaking** and reading.", themes: ["water"],
      totalVoiceNotes: 3, totalDuration: 100, wordsTranscribed: 40, engine: "test",
    });
    const { hits } = await search("kayaking");
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ kind: "summary", id: summary.id, title: "General Summary", period: "week", periodKey: "2026-W11" });
    expect(hits[0]!.snippet).toBe("This week Mostly kayaking and reading.");
    expect(marked(hits[0]!)).toEqual(["kayaking"]);
  });

  test("a long transcript gives a snippet of at most 240 characters around the match", async () => {
    const filler = "and then we talked about nothing much at all ".repeat(30);
    await addNote(user, home, "Long", `${filler} the word albatross appears here ${filler}`);
    const { hits } = await search("albatross");
    expect(hits[0]!.snippet.length).toBeLessThanOrEqual(SEARCH_SNIPPET_MAX);
    expect(hits[0]!.snippet.startsWith("…")).toBe(true);
    expect(marked(hits[0]!)).toEqual(["albatross"]);
  });

  test("empty, blank and over-long queries answer 400 in the error shape", async () => {
    for (const q of ["", "   ", "x".repeat(201)]) {
      await expectError(await call(t, "GET", `/api/search?q=${encodeURIComponent(q)}`, { user }), 400, "validation_failed");
    }
    await expectError(await call(t, "GET", "/api/search", { user }), 400, "validation_failed");
    await expectError(await call(t, "GET", "/api/search?q=a&limit=101", { user }), 400, "validation_failed");
    await expectError(await call(t, "GET", "/api/search?q=a&before=nonsense", { user }), 400, "validation_failed");
  });

  test("anything a person can type is searched as text, never as query syntax", async () => {
    const note = await addNote(user, home, "Symbols", "rock & roll (live) at o'clock: 5 * 3 <fast> | !loud \\ done");
    const inputs = [
      "&", "|", "!", "(", ")", ":", "*", "'", '"', "\\", "<", ">", "-", "<->", "!!", "&&", "a:*", "a & | b", "(rock",
      "roll)", "o'clock", '"unbalanced', 'rock "roll', "'; DROP TABLE voice_notes; --", "😀", "🎸 rock", "rock:*", "a<->b",
      "\\'", "''", "%", "_", "rock\u200b", "ÿ", "\u0301",
    ];
    for (const q of inputs) {
      const res = await call(t, "GET", `/api/search?q=${encodeURIComponent(q)}`, { user });
      expect([200, 400], `q=${q}: ${res.status}`).toContain(res.status);
    }
    expect(await ids("rock & roll")).toEqual([note]);
    expect(await ids("o'clock")).toEqual([note]);
    expect(await ids('"rock roll" (live)')).toEqual([note]);
    expect(await ids("5 * 3 !loud")).toEqual([note]);
  });
  test("words written inside <…> are found, and so are emoji, whatever their skin tone or presentation", async () => {
    const tagged = await addNote(user, home, "Plans <draft>", "Remember the <important> part: call <mum> 🎉 tomorrow ☕️ and 👍🏽 the cake");
    const cake = await addNote(user, home, "Party", "A birthday 🎂 without fireworks");
    expect(await ids("draft")).toEqual([tagged]);
    expect(await ids("<important>")).toEqual([tagged]);
    expect(await ids("important part")).toEqual([tagged]);
    expect(await ids("call mum")).toEqual([tagged]);
    expect(await ids("🎉")).toEqual([tagged]);
    expect(await ids("☕")).toEqual([tagged]);
    expect(await ids("👍")).toEqual([tagged]);
    expect(await ids('"🎉 tomorrow"')).toEqual([tagged]);
    expect(await ids("🎂")).toEqual([cake]);
    expect(await ids("🎂 🎉")).toEqual([]);
    const { hits } = await search("<important>");
    expect(marked(hits[0]!)).toEqual(["important"]);
  });
});
