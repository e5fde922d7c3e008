/**
 * Summary engines at scale: how long the offline extractive engine takes and
 * how long its answers are, and how many chat requests map-reduce plans for
 * a period's notes at the default context (gpt-4o-mini, 128k tokens).
 *
 *   cd api && npx tsx bench/summaries.ts
 */
import { countWords, RESPONSE_LENGTH_TARGET_WORDS } from "@vj/core";
import { summarizeExtractive } from "../src/engines/summaries/extractive.js";
import { chunkNotes, DEFAULT_CONTEXT_TOKENS, notesBudget, totalTokens } from "../src/engines/summaries/map-reduce.js";
import type { SummaryNote } from "../src/engines/summaries/types.js";
import { journalWeek, learningMonth } from "../test/engines/fixtures/journal-notes.js";

const base = [...journalWeek, ...learningMonth];
/** n notes cycled from the fixtures, as if a period held that many. */
const notesOf = (n: number): SummaryNote[] => Array.from({ length: n }, (_, i) => base[i % base.length]!);
/** A long rambling note: ~10 minutes of speech is ~1,500 words. */
const longNote = (words: number): SummaryNote => {
  const text = base.map((b) => b.text).join(" ").split(" ");
  return { ...journalWeek[0]!, text: Array.from({ length: words }, (_, i) => text[i % text.length]).join(" ") };
};

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padStart(widths[c]!)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(r));
  console.log();
}

summarizeExtractive({ notes: notesOf(2), prompt: "warm-up", responseLength: "short", periodLabel: "x" }); // loads the model

const extractiveRows: string[][] = [];
for (const n of [5, 30, 100, 300]) {
  const notes = notesOf(n);
  const words = notes.reduce((s, x) => s + countWords(x.text), 0);
  for (const length of ["short", "long"] as const) {
    const started = performance.now();
    const result = summarizeExtractive({ notes, prompt: "What are the key themes?", responseLength: length, periodLabel: "x" });
    const ms = performance.now() - started;
    extractiveRows.push([String(n), String(words), length, String(RESPONSE_LENGTH_TARGET_WORDS[length]), String(countWords(result.content)), String(result.themes.length), ms.toFixed(0)]);
  }
}
console.log("Extractive engine");
table(["notes", "words in", "length", "target", "words out", "themes", "ms"], extractiveRows);

const budget = notesBudget(DEFAULT_CONTEXT_TOKENS);
const planRows: string[][] = [];
for (const [label, notes] of [
  ["a month, 3 notes a day of 1 min", notesOf(90)],
  ["a month of 10-min notes, 2 a day", Array.from({ length: 60 }, () => longNote(1500))],
  ["a month of 30-min notes, 3 a day", Array.from({ length: 90 }, () => longNote(4500))],
  ["one 3-hour recording", [longNote(27_000)]],
] as const) {
  const tokens = totalTokens([...notes]);
  const chunks = tokens > budget ? chunkNotes([...notes], budget) : [notes];
  const requests = chunks.length > 1 ? chunks.length + 1 : 1;
  planRows.push([label, String(notes.length), String(tokens), String(chunks.length), String(requests)]);
}
console.log(`Map-reduce plan at ${DEFAULT_CONTEXT_TOKENS} tokens of context (${budget} for notes; tokens ≈ chars/4)`);
table(["period", "notes", "est. tokens", "chunks", "chat requests"], planRows);
