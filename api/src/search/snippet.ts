import { SEARCH_SNIPPET_MAX } from "@vj/core";
import { UNSPACED, WORD, fold } from "./query-terms.js";


export interface Snippet {
  snippet: string;
  highlights: [number, number][];
}

/** Markdown's markers out of a summary, and all runs of white space as one space. */
export function plainText(text: string): string {
  return text
    .replace(/^\s{0,3}(?:#{1,6}|[-*+]|\d+\.|>)\s+/gm, "")
    .replace(/[*_`]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Plain text around the best match — the window of at most SEARCH_SNIPPET_MAX characters that
 * holds the most matched words — with `[start, end)` offsets of those words inside it.
 */
export function makeSnippet(text: string, match: { words: string[]; prefix: string | null }, max = SEARCH_SNIPPET_MAX): Snippet {
  const plain = plainText(text);
  const ranges = matchRanges(plain, match);
  if (plain.length <= max) return { snippet: plain, highlights: ranges };
  const start = bestWindowStart(plain, ranges, max);
  const from = start > 0 ? wordStartAfter(plain, start) : 0;
  const lead = from > 0 ? "…" : "";
  let to = from + max - lead.length;
  let trail = "";
  if (to >= plain.length) to = plain.length;
  else {
    to = wordEndBefore(plain, to - 1, from);
    trail = "…";
  }
  const body = plain.slice(from, to);
  const highlights = ranges
    .filter(([s, e]) => s >= from && e <= to)
    .map(([s, e]) => [s - from + lead.length, e - from + lead.length] as [number, number]);
  return { snippet: `${lead}${body}${trail}`, highlights };
}

function matchRanges(text: string, match: { words: string[]; prefix: string | null }): [number, number][] {
  const spaced = new Set(match.words.filter((w) => !UNSPACED.test(w)));
  const unspaced = [...match.words, ...(match.prefix ? [match.prefix] : [])].filter((w) => UNSPACED.test(w));
  const prefix = match.prefix && !UNSPACED.test(match.prefix) ? match.prefix : null;
  const ranges: [number, number][] = [];
  for (const m of text.matchAll(WORD)) {
    const word = fold(m[0]);
    if (spaced.has(word) || (prefix !== null && word.startsWith(prefix))) ranges.push([m.index, m.index + m[0].length]);
  }
  for (const needle of unspaced) {
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
      ranges.push([at, at + needle.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  // Overlapping ranges (a word inside an unspaced run) become one.
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const prev = merged.at(-1);
    if (prev && r[0] <= prev[1]) prev[1] = Math.max(prev[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** Where the window with the most matches starts, a little before its first match. */
function bestWindowStart(text: string, ranges: [number, number][], max: number): number {
  if (ranges.length === 0) return 0;
  let best = 0;
  let bestCount = 0;
  let j = 0;
  for (let i = 0; i < ranges.length; i++) {
    while (j < ranges.length && ranges[j]![1] - ranges[i]![0] <= max - 40) j++;
    if (j - i > bestCount) {
      bestCount = j - i;
      best = i;
    }
  }
  const lead = Math.min(40, Math.floor(max / 6));
  return Math.max(0, Math.min(ranges[best]![0] - lead, text.length - max));
}

function wordStartAfter(text: string, at: number): number {
  const space = text.indexOf(" ", at - 1);
  return space === -1 || space - at > 20 ? at : space + 1;
}

function wordEndBefore(text: string, at: number, floor: number): number {
  const space = text.lastIndexOf(" ", at);
  return space <= floor || at - space > 20 ? at : space;
}
