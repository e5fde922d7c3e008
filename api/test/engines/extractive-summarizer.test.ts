import { countWords, DEFAULT_SUMMARY_PROMPT, RESPONSE_LENGTH_TARGET_WORDS } from "@vj/core";
import { describe, expect, it } from "vitest";
import { createExtractiveSummarizer, EXTRACTIVE_LABEL } from "../../src/engines/summaries/index.js";
import { journalWeek, learningMonth } from "./fixtures/journal-notes.js";

const summarizer = createExtractiveSummarizer();
const request = (responseLength: "short" | "medium" | "long", notes = journalWeek) => ({
  notes,
  prompt: DEFAULT_SUMMARY_PROMPT,
  responseLength,
  periodLabel: "the week of Nov 16, 2026",
});

/** The sentences the summary quotes, in the order it quotes them. */
function quoted(content: string): string[] {
  return content
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .flatMap((line) => line.slice(2).split(/(?<=[.!?])\s+/));
}

describe("extractive summarizer", () => {
  const cases = (["short", "medium", "long"] as const).flatMap((length) => [
    { length, fixture: "a week of long notes", notes: journalWeek },
    { length, fixture: "a month of short notes", notes: learningMonth },
  ]);
  it.each(cases)("writes a $length summary of $fixture within ±30 % of its word target", async ({ length, notes }) => {
    const target = RESPONSE_LENGTH_TARGET_WORDS[length];
    const result = await summarizer.summarize(request(length, notes));
    const words = countWords(result.content);
    expect(words).toBeGreaterThanOrEqual(target * 0.7);
    expect(words).toBeLessThanOrEqual(target * 1.3);
    expect(result.engine).toBe("extractive");
  });

  it("labels itself as an offline summary and quotes the notes in their original order", async () => {
    const result = await summarizer.summarize(request("medium"));
    expect(result.content.split("\n")[0]).toBe(EXTRACTIVE_LABEL);

    const corpus = journalWeek.map((n) => n.text).join(" ");
    const positions = quoted(result.content).map((s) => corpus.indexOf(s));
    expect(positions.length).toBeGreaterThan(3);
    expect(positions).not.toContain(-1);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("draws on more than one note", async () => {
    const result = await summarizer.summarize(request("medium"));
    const sources = new Set(quoted(result.content).map((s) => journalWeek.findIndex((n) => n.text.includes(s))));
    expect(sources.size).toBeGreaterThanOrEqual(3);
  });

  it("names 3–6 themes that the notes are about", async () => {
    const { themes } = await summarizer.summarize(request("short"));
    expect(themes.length).toBeGreaterThanOrEqual(3);
    expect(themes.length).toBeLessThanOrEqual(6);
    const corpus = journalWeek.map((n) => n.text.toLowerCase()).join(" ");
    for (const theme of themes) {
      expect(theme.length).toBeLessThanOrEqual(40);
      // Every word of a label occurs in the notes (labels use base forms, so compare stems).
      for (const word of theme.toLowerCase().split(" ")) expect(corpus).toContain(word.slice(0, 4));
    }
    expect(new Set(themes.map((t) => t.toLowerCase())).size).toBe(themes.length);
  });

  it("uses all of notes shorter than the target and says so", async () => {
    const notes = journalWeek.slice(0, 1);
    const result = await summarizer.summarize(request("long", notes));
    expect(result.content).toMatch(/fewer words than a long summary \(about 400\), so all of them are included/);
    const body = quoted(result.content).join(" ");
    expect(body).toBe(notes[0]!.text);
  });

  it("cuts run-on speech without punctuation into readable pieces, and keeps within the target", async () => {
    // Offline recognisers emit no punctuation: one "sentence" of ~700 words.
    const runOn = journalWeek.map((n) => n.text.replace(/[.,!?;']/g, "").toLowerCase()).join(" ");
    const notes = [{ ...journalWeek[0]!, text: runOn }];
    const result = await summarizer.summarize(request("short", notes));
    const words = countWords(result.content);
    expect(words).toBeGreaterThanOrEqual(70);
    expect(words).toBeLessThanOrEqual(130);
  });

  it("says plainly when there is no text at all", async () => {
    const result = await summarizer.summarize(request("short", [{ ...journalWeek[0]!, text: "   " }]));
    expect(result.content).toContain("no transcribed text");
    expect(result.themes).toEqual([]);
  });
});
