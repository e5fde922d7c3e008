import type { AccountLimits } from "@vj/core";

/** The three daily limits, in the order the forms show them, with the words each uses. */
export const LIMIT_FIELDS = [
  { key: "transcriptionMinutes", label: "Transcription minutes a day", unit: "min" },
  { key: "summaries", label: "Summaries a day", unit: "" },
  { key: "ask", label: "Ask questions a day", unit: "" },
] as const satisfies readonly { key: keyof AccountLimits; label: string; unit: string }[];

export type LimitKey = (typeof LIMIT_FIELDS)[number]["key"];
export type LimitTexts = Record<LimitKey, string>;

/** The largest limit the API takes. */
export const MAX_LIMIT = 1_000_000;

/** A limit as its field shows it: empty for none. */
export function limitText(value: number | null): string {
  return value === null ? "" : String(value);
}

export function limitTexts(limits: AccountLimits): LimitTexts {
  return { transcriptionMinutes: limitText(limits.transcriptionMinutes), summaries: limitText(limits.summaries), ask: limitText(limits.ask) };
}

export type ParsedLimit = { ok: true; value: number | null } | { ok: false; error: string };

/** What a person typed into a limit field: empty is no limit of its own, otherwise a whole number from 0. */
export function parseLimit(text: string): ParsedLimit {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: null };
  if (!/^\d+$/.test(trimmed)) {
    return { ok: false, error: /^-/.test(trimmed) ? "A limit cannot be negative" : "A limit is a whole number" };
  }
  const value = Number(trimmed);
  if (value > MAX_LIMIT) return { ok: false, error: `A limit is at most ${MAX_LIMIT.toLocaleString("en")}` };
  return { ok: true, value };
}

export type ParsedLimits = { ok: true; limits: AccountLimits } | { ok: false; errors: Partial<Record<LimitKey, string>> };

/** The three fields at once: every value, or each field's error. */
export function parseLimits(texts: LimitTexts): ParsedLimits {
  const limits: Partial<AccountLimits> = {};
  const errors: Partial<Record<LimitKey, string>> = {};
  for (const { key } of LIMIT_FIELDS) {
    const parsed = parseLimit(texts[key]);
    if (parsed.ok) limits[key] = parsed.value;
    else errors[key] = parsed.error;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, limits: limits as AccountLimits };
}

/** A limit in words: "30 min a day", "5 a day", "No limit". */
export function describeLimit(value: number | null, unit: string): string {
  if (value === null) return "No limit";
  return `${value.toLocaleString("en")}${unit ? ` ${unit}` : ""} a day`;
}
