import { SUMMARY_PREVIEW_CHARS } from "./constants.js";

/** Words in a text, split on whitespace (SPEC §9). Empty, whitespace-only or missing text is 0. */
export function countWords(text: string | null | undefined): number {
  if (!text) return 0;
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}

/**
 * The summary card's collapsed text: the first 200 characters plus "..." when longer
 * (SPEC §2). Counts code points so an emoji is never cut in half.
 */
export function previewText(
  text: string,
  limit: number = SUMMARY_PREVIEW_CHARS,
): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join("")}...`, truncated: true };
}
