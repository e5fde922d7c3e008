import { countWords } from "@vj/core";
import { targetWords } from "./prompt.js";
import { contentLemmas, extractThemes, sentencesOf } from "./text-analysis.js";
import type { Summarizer, SummaryRequest, SummaryResult } from "./types.js";

export const EXTRACTIVE_LABEL = "*Offline summary (extractive) — configure an AI engine for richer insights.*";

interface Candidate {
  note: number;
  index: number;
  text: string;
  words: number;
  lemmas: string[];
}

/**
 * The offline engine: picks the notes' most representative sentences, in
 * their original order, until the response length is reached. Sentence choice
 * follows SumBasic (Nenkova & Vanderwende 2005): a sentence scores the mean
 * frequency of its content words; once chosen, its words' weights are squared
 * so the next pick covers something else. The first sentence of a note and
 * sentences sharing words with the user's question get a small lift.
 */
export function createExtractiveSummarizer(): Summarizer {
  return {
    name: "extractive",
    async summarize(request) {
      return summarizeExtractive(request);
    },
  };
}

export function summarizeExtractive(request: SummaryRequest): SummaryResult {
  const target = targetWords(request);
  const texts = request.notes.map((n) => n.text.trim()).filter((t) => t.length > 0);
  const themes = extractThemes(texts);
  const heading = `**Key points from ${request.periodLabel}**`;
  const totalWords = texts.reduce((sum, t) => sum + countWords(t), 0);

  if (totalWords === 0) {
    return { content: `${EXTRACTIVE_LABEL}\n\nThe notes for this period have no transcribed text yet.`, themes, engine: "extractive" };
  }

  const candidates: Candidate[] = [];
  request.notes.forEach((note, n) => {
    sentencesOf(note.text).forEach((s, i) => {
      candidates.push({ note: n, index: i, text: s.text, words: countWords(s.text), lemmas: contentLemmas(s) });
    });
  });

  const overhead = countWords(EXTRACTIVE_LABEL) + countWords(heading);
  const shortNotice = `*Your notes hold fewer words than a ${request.responseLength} summary (about ${target}), so all of them are included.*`;
  const notesWithText = request.notes.filter((n) => n.text.trim()).length;
  const chosen =
    totalWords + notesWithText + overhead <= target
      ? candidates
      : pick(candidates, Math.max(20, target - overhead), request.prompt);
  const body = render(chosen);
  const parts = [EXTRACTIVE_LABEL, heading, body];
  if (chosen === candidates) parts.splice(1, 0, shortNotice);
  return { content: parts.join("\n\n"), themes, engine: "extractive" };
}

function pick(candidates: Candidate[], budget: number, prompt: string): Candidate[] {
  const frequency = new Map<string, number>();
  let total = 0;
  for (const c of candidates) {
    for (const l of c.lemmas) {
      frequency.set(l, (frequency.get(l) ?? 0) + 1);
      total += 1;
    }
  }
  const weight = new Map([...frequency].map(([l, f]) => [l, f / Math.max(1, total)]));
  const asked = new Set(sentencesOf(prompt).flatMap(contentLemmas));

  const score = (c: Candidate) => {
    if (c.lemmas.length === 0) return 0;
    const mean = c.lemmas.reduce((s, l) => s + (weight.get(l) ?? 0), 0) / c.lemmas.length;
    let lift = 1;
    if (c.index === 0) lift += 0.15;
    if (c.lemmas.some((l) => asked.has(l))) lift += 0.25;
    // Fragments say little out of context.
    if (c.words < 6) lift *= 0.5;
    return mean * lift;
  };

  const chosen: Candidate[] = [];
  const remaining = new Set(candidates);
  let words = 0;
  // Aim a little under the target and never past +15 %, so the result lands well inside ±30 %.
  const upper = budget * 1.15;
  const notesUsed = new Set<number>();
  // A note's first chosen sentence opens a bullet, and the "-" counts as a word.
  const cost = (c: Candidate) => c.words + (notesUsed.has(c.note) ? 0 : 1);
  while (words < budget * 0.95) {
    let best: Candidate | undefined;
    let bestScore = -1;
    for (const c of remaining) {
      if (words + cost(c) > upper) continue;
      const s = score(c);
      if (s > bestScore) {
        best = c;
        bestScore = s;
      }
    }
    if (!best) break;
    chosen.push(best);
    remaining.delete(best);
    words += cost(best);
    notesUsed.add(best.note);
    for (const l of new Set(best.lemmas)) weight.set(l, (weight.get(l) ?? 0) ** 2);
  }
  return chosen.sort((a, b) => a.note - b.note || a.index - b.index);
}

/** One bullet per note, its chosen sentences in the order they were said. */
function render(chosen: Candidate[]): string {
  const byNote = new Map<number, string[]>();
  for (const c of chosen) byNote.set(c.note, [...(byNote.get(c.note) ?? []), c.text]);
  return [...byNote.values()].map((sentences) => `- ${sentences.join(" ")}`).join("\n");
}
