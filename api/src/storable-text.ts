/**
 * Text the database cannot store as sent. PostgreSQL text cannot hold U+0000: a query with one
 * fails (a 500 if nothing looks first). A lone UTF-16 surrogate (half of a pair, from a broken
 * client or a hand-edited file) has no UTF-8 form: the driver writes U+FFFD instead, so what is
 * stored is not what was sent.
 */
export type TextProblem = "nul" | "lone-surrogate";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function textProblem(text: string): TextProblem | null {
  if (text.includes("\u0000")) return "nul";
  if (LONE_SURROGATE.test(text)) return "lone-surrogate";
  return null;
}

export const TEXT_PROBLEM_MESSAGES: Record<TextProblem, string> = {
  nul: "must not contain NUL (\\u0000) characters",
  "lone-surrogate": "must not contain unpaired surrogates (text that is not valid Unicode)",
};

/**
 * Where a parsed value holds a string (or a key) for which `bad` is true, as a dotted path, or
 * null. Parsed inputs are flat; the bound keeps a deeply nested pass-through value from
 * exhausting the stack.
 */
export function findText(value: unknown, bad: (text: string) => boolean, path: string[] = [], depth = 0): string | null {
  if (typeof value === "string") return bad(value) ? path.join(".") : null;
  if (depth > 16 || value === null || typeof value !== "object") return null;
  for (const [key, v] of Object.entries(value)) {
    if (bad(key)) return [...path, key].join(".");
    const found = findText(v, bad, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}
