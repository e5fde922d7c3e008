import type { ChatCitation } from "@vj/core";
import type { Source } from "./sources.js";

const MARKER = /\s?\[(\d{1,4}(?:\s*[,;]\s*\d{1,4})*)\]/g;

/**
 * The answer with only the citations that name a given source: `[n]` of a number that was not
 * given is dropped (a model may invent one), `[2, 9]` keeps `[2]`. Returns the cleaned text and
 * the sources cited, in the order of their first citation.
 */
export function checkCitations(answer: string, sources: readonly Source[]): { content: string; citations: ChatCitation[] } {
  const byNumber = new Map(sources.map((s) => [s.n, s]));
  const cited: number[] = [];
  const content = answer.replace(MARKER, (whole, list: string) => {
    const known = list
      .split(/[,;]/)
      .map((x) => Number(x.trim()))
      .filter((n) => byNumber.has(n));
    if (known.length === 0) return "";
    for (const n of known) if (!cited.includes(n)) cited.push(n);
    const lead = whole.startsWith(" ") || whole.startsWith("\n") ? whole[0] : "";
    return `${lead}${known.map((n) => `[${n}]`).join("")}`;
  });
  const citations = cited.map((n) => {
    const { text: _text, ...citation } = byNumber.get(n)!;
    return citation;
  });
  return { content: content.trim(), citations };
}
