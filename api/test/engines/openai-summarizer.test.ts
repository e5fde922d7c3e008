import { DEFAULT_SUMMARY_PROMPT } from "@vj/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOpenAISummarizer, SummaryError, type SummaryNote } from "../../src/engines/summaries/index.js";
import { estimateTokens, notesBudget } from "../../src/engines/summaries/map-reduce.js";
import { startOpenAITestServer, type OpenAITestServer } from "../support/openai-server.js";
import { journalWeek } from "./fixtures/journal-notes.js";

let server: OpenAITestServer;
beforeAll(async () => {
  server = await startOpenAITestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.chats.length = 0;
  server.rejectResponseFormat = false;
  server.chatContent = () => JSON.stringify({ content: "A scripted summary.", themes: ["Work", "Family", "Running"] });
});

const summarizer = (contextTokens?: number) =>
  createOpenAISummarizer({ apiKey: "sk-test", baseURL: server.baseURL, model: "gpt-4o-mini", contextTokens });

const request = (notes: SummaryNote[], extra: Partial<{ prompt: string; responseLength: "short" | "medium" | "long"; typeName: string }> = {}) => ({
  notes,
  prompt: DEFAULT_SUMMARY_PROMPT,
  responseLength: "medium" as const,
  periodLabel: "Week of Nov 16, 2026",
  ...extra,
});

const allText = (messages: { content: string }[]) => messages.map((m) => m.content).join("\n");

describe("openai summarizer with the real SDK", () => {
  it("sends every note's text, the user's prompt and the length target, asking for structured output", async () => {
    const result = await summarizer().summarize(
      request(journalWeek, { prompt: "What did I learn about handling stress at work?", responseLength: "long", typeName: "Work lessons" }),
    );

    expect(server.chats).toHaveLength(1);
    const [call] = server.chats;
    const text = allText(call!.messages);
    for (const note of journalWeek) expect(text).toContain(note.text);
    expect(text).toContain("What did I learn about handling stress at work?");
    expect(text).toContain("about 400 words");
    expect(text).toContain("Work lessons");
    expect(text).toContain("Week of Nov 16, 2026");
    expect(call!.model).toBe("gpt-4o-mini");
    expect(call!.responseFormat).toMatchObject({ type: "json_schema", json_schema: { name: "journal_summary" } });
    expect(result).toEqual({ content: "A scripted summary.", themes: ["Work", "Family", "Running"], engine: "openai:gpt-4o-mini" });
  });

  it("maps each response length to its word target", async () => {
    const s = summarizer();
    for (const [length, words] of [["short", 100], ["medium", 250], ["long", 400]] as const) {
      await s.summarize(request(journalWeek.slice(0, 1), { responseLength: length }));
      expect(allText(server.chats.at(-1)!.messages)).toContain(`about ${words} words`);
    }
  });

  it("normalises the model's themes: cleaned, de-duplicated, at most six", async () => {
    server.chatContent = () =>
      JSON.stringify({
        content: "Summary.",
        themes: ["- Work stress.", "work stress", "#Family", "**Running**", "\"Mom's birthday\"", "Cooking", "Friends", "Travel", 42],
      });
    const result = await summarizer().summarize(request(journalWeek));
    expect(result.themes).toEqual(["Work stress", "Family", "Running", "Mom's birthday", "Cooking", "Friends"]);
  });

  it("tops up too few themes with labels found in the notes", async () => {
    server.chatContent = () => JSON.stringify({ content: "Summary.", themes: ["Launch"] });
    const result = await summarizer().summarize(request(journalWeek));
    expect(result.themes[0]).toBe("Launch");
    expect(result.themes.length).toBeGreaterThanOrEqual(3);
    expect(result.themes.length).toBeLessThanOrEqual(6);
  });

  it("falls back to JSON instructions when the server rejects response_format, and remembers that", async () => {
    server.rejectResponseFormat = true;
    server.chatContent = () =>
      'Here you go:\n```json\n{"content": "## Your week\\nMostly the launch.", "themes": ["Launch", "Family", "Running"]}\n```';
    const s = summarizer();

    const result = await s.summarize(request(journalWeek));

    expect(result.content).toBe("## Your week\nMostly the launch.");
    expect(result.themes).toEqual(["Launch", "Family", "Running"]);
    expect(server.chats.map((c) => c.responseFormat !== undefined)).toEqual([true, false]);
    expect(allText(server.chats[1]!.messages)).toContain('Reply with only a JSON object');

    await s.summarize(request(journalWeek));
    expect(server.chats.map((c) => c.responseFormat !== undefined)).toEqual([true, false, false]);
  });

  it("uses the whole answer as content when it is not JSON, with themes found offline", async () => {
    server.rejectResponseFormat = true;
    server.chatContent = () => "You spent the week on the launch and on your mother's birthday.";

    const result = await summarizer().summarize(request(journalWeek));

    expect(result.content).toBe("You spent the week on the launch and on your mother's birthday.");
    expect(result.themes.length).toBeGreaterThanOrEqual(3);
    expect(result.themes.length).toBeLessThanOrEqual(6);
  });

  it("never shows the model's raw JSON as the summary", async () => {
    server.chatContent = () => JSON.stringify({ summary: "You focused on the launch.", themes: ["Launch", "Family", "Work"] });
    const renamed = await summarizer().summarize(request(journalWeek));
    expect(renamed.content).toBe("You focused on the launch.");
    expect(renamed.themes).toEqual(["Launch", "Family", "Work"]);

    server.chatContent = () => JSON.stringify({ content: "  ", themes: ["Launch"] });
    const empty = await summarizer().summarize(request(journalWeek)).catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(SummaryError);
    expect(empty).toMatchObject({ retryable: true });
    expect((empty as Error).message).toMatch(/no summary/);
  });

  it("surfaces a failing server as a retryable SummaryError", async () => {
    server.failNext(2, "500"); // the summarizer allows one quick retry
    const error = await summarizer().summarize(request(journalWeek)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SummaryError);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toMatch(/HTTP 500/);
  });
});

describe("map-reduce over notes that exceed the context", () => {
  /** Notes each carrying a unique marker, ~1,100 characters (~280 tokens) each. */
  const markedNotes = (count: number): SummaryNote[] =>
    Array.from({ length: count }, (_, i) => ({
      title: `Note ${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 16, 8 + i)),
      durationSeconds: 60,
      text: `MARKER-${i} ` + "I kept thinking about the launch and about my family. ".repeat(20),
    }));

  beforeEach(() => {
    server.chatContent = (call) =>
      call.responseFormat !== undefined
        ? JSON.stringify({ content: "Combined.", themes: ["Launch", "Family", "Thinking"] })
        : `partial ${call.n}`;
  });

  it("sends everything in one request while the notes fit", async () => {
    // 1,000-token context: 750 tokens for notes, two ~290-token notes fit.
    await summarizer(1000).summarize(request(markedNotes(2)));
    expect(server.chats).toHaveLength(1);
    expect(allText(server.chats[0]!.messages)).toContain("MARKER-1");
  });

  it("summarises chunks and then combines them once the notes exceed the budget, covering every note", async () => {
    const notes = markedNotes(7);
    const result = await summarizer(1000).summarize(request(notes));

    const maps = server.chats.filter((c) => c.responseFormat === undefined);
    const finals = server.chats.filter((c) => c.responseFormat !== undefined);
    expect(maps.length).toBeGreaterThanOrEqual(3);
    expect(finals).toHaveLength(1);
    for (let i = 0; i < notes.length; i++) {
      // Each note reaches exactly one map call.
      expect(maps.filter((m) => allText(m.messages).includes(`MARKER-${i} `))).toHaveLength(1);
    }
    const reduceText = allText(finals[0]!.messages);
    for (const m of maps) expect(reduceText).toContain(`partial ${m.n}`);
    expect(reduceText).not.toContain("MARKER-");
    expect(reduceText).toContain(DEFAULT_SUMMARY_PROMPT);
    expect(result.content).toBe("Combined.");
  });

  it("splits a single note longer than the budget into parts without losing text", async () => {
    const sentences = Array.from({ length: 120 }, (_, i) => `Sentence number ${i} about the long day.`);
    const long: SummaryNote = { title: "A very long note", createdAt: new Date("2026-11-18T10:00:00Z"), durationSeconds: 900, text: sentences.join(" ") };

    await summarizer(1000).summarize(request([long]));

    const maps = server.chats.filter((c) => c.responseFormat === undefined);
    expect(maps.length).toBeGreaterThanOrEqual(2);
    const mapped = maps.map((m) => allText(m.messages)).join("\n");
    for (const s of sentences) expect(mapped).toContain(s);
    expect(mapped).toContain(`A very long note (part 1 of ${maps.length})`);
  });

  it("leaves room for a long custom question: no request's notes and question exceed the notes budget", async () => {
    const question = "Tell me how my training went, week by week, and what I should change. ".repeat(28); // ~2,000 characters
    const notes = markedNotes(4); // ~1,160 tokens: fits 1,500 alone, not with the question

    await summarizer(2000).summarize(request(notes, { prompt: question, typeName: "Training" }));

    for (const chat of server.chats) {
      const user = chat.messages.find((m) => m.role === "user")!.content;
      expect(user).toContain(question.trim());
      expect(estimateTokens(user)).toBeLessThanOrEqual(notesBudget(2000));
    }
    const mapped = server.chats.filter((c) => c.responseFormat === undefined).map((c) => allText(c.messages)).join("\n");
    for (let i = 0; i < notes.length; i++) expect(mapped).toContain(`MARKER-${i} `);
  });

  it("measures non-Latin text by its real size: a long Japanese note is split so no request overflows the context", async () => {
    // OpenAI's tokenizers spend about a token per CJK character (not one per four, as for English).
    const sentences = Array.from({ length: 150 }, (_, i) => `今日は${i}番目の長い会議があって、とても疲れました🙂。`);
    const note: SummaryNote = { title: "長いメモ", createdAt: new Date("2026-11-18T10:00:00Z"), durationSeconds: 900, text: sentences.join("") };
    const cjk = (text: string) => [...text].filter((ch) => ch.codePointAt(0)! >= 0x3000).length;

    await summarizer(1000).summarize(request([note]));

    const maps = server.chats.filter((c) => c.responseFormat === undefined);
    expect(maps.length).toBeGreaterThanOrEqual(4);
    for (const m of maps) expect(cjk(allText(m.messages))).toBeLessThanOrEqual(1000);
    const mapped = maps.map((m) => allText(m.messages)).join("\n");
    for (const s of sentences) expect(mapped).toContain(s);
    // No emoji is cut in half (a lone surrogate reaches the model as garbage).
    expect(mapped).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});
