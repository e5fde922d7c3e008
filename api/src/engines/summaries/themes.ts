import { extractThemes } from "./text-analysis.js";

export const MIN_THEMES = 3;
export const MAX_THEMES = 6;
const MAX_THEME_CHARS = 40;

/**
 * Cleans theme labels from a model: strings only, no list markers, hashes or
 * quotes, at most 40 characters (cut at a word), no duplicates, at most six.
 * When fewer than three survive, labels found offline in the notes fill up.
 */
export function normaliseThemes(raw: unknown, noteTexts: string[]): string[] {
  const list = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(/[,;\n]/) : [];
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (label: string) => {
    const key = label.toLowerCase();
    if (!label || seen.has(key) || out.length >= MAX_THEMES) return;
    seen.add(key);
    out.push(label);
  };
  for (const item of list) if (typeof item === "string") add(cleanLabel(item));
  if (out.length < MIN_THEMES) for (const label of extractThemes(noteTexts)) if (out.length < MIN_THEMES) add(label);
  return out;
}

function cleanLabel(text: string): string {
  let label = text
    .replace(/^[\s\-*•#\d.)]+/, "")
    .replace(/[*_]/g, "")
    .replace(/^["'`“‘]+|["'`”’]+$/g, "")
    .replace(/[.!?:;,]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
  if (label.length > MAX_THEME_CHARS) {
    const cut = label.slice(0, MAX_THEME_CHARS);
    label = cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : MAX_THEME_CHARS).trim();
  }
  return label.charAt(0).toUpperCase() + label.slice(1);
}
