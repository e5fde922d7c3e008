import { makeSnippet } from "../search/snippet.js";
import { highlightWords, parseQueryTerms } from "../search/query-terms.js";
import { questionWords, type Source } from "./sources.js";

export const NO_MODEL_LINE = "_A model configured on the server writes answers; until then, these are the closest passages from your notes._";

/**
 * The answer without a model (SUMMARY_ENGINE=extractive): the best-matching passages, quoted,
 * each with its citation, and one line saying what a configured model adds. No model call.
 */
export function extractiveAnswer(question: string, sources: readonly Source[]): string {
  if (sources.length === 0) return `I couldn't find anything in this collection about that yet.\n\n${NO_MODEL_LINE}`;
  const words = highlightWords({ terms: parseQueryTerms(questionWords(question)).terms, prefix: null });
  const quotes = sources.slice(0, 3).map((s) => {
    const { snippet } = makeSnippet(s.text, words, 280);
    return `> ${snippet.replace(/\n+/g, " ")} [${s.n}]`;
  });
  return `From your notes:\n\n${quotes.join("\n\n")}\n\n${NO_MODEL_LINE}`;
}
