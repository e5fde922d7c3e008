import type { Period } from "@vj/core";
import { setBounded } from "../bounded-map.js";

/**
 * Where an assistant's answer points into the app: a collection's day (or week, month) with the
 * note brought into view, the same addresses the app's own search hits open.
 */
export interface AppLinks {
  /** `date`: the note's local day (localDateTime), which its caller has already worked out. */
  note(slug: string, date: string, id: string): string;
  period(slug: string, period: Period, date: string, tab?: "summary"): string;
  collection(slug: string): string;
}

export function appLinks(baseUrl: string): AppLinks {
  // A collection's address, worked out once per slug: a page of notes links into the same few.
  const pages = new Map<string, string>();
  const pageOf = (slug: string) => {
    let page = pages.get(slug);
    if (page === undefined) pages.set(slug, (page = new URL(`/${encodeURIComponent(slug)}`, baseUrl).toString()));
    return page;
  };
  // The same address as setting each parameter on that URL's searchParams.
  const at = (slug: string, params: Record<string, string>) => {
    const query = formQuery(params);
    return query === "" ? pageOf(slug) : `${pageOf(slug)}?${query}`;
  };
  return {
    note: (slug, date, id) => at(slug, { date, note: id }),
    period: (slug, period, date, tab) => at(slug, { ...(period !== "day" ? { view: period } : {}), date, ...(tab ? { tab } : {}) }),
    collection: (slug) => pageOf(slug),
  };
}

/** Characters URLSearchParams writes as they are (days, ids and the app's words are only these). */
const FORM_SAFE = /^[A-Za-z0-9*\-._]*$/;

/** URLSearchParams' serialisation of `params`, without building one for values it would write unchanged. */
function formQuery(params: Record<string, string>): string {
  let query = "";
  for (const key in params) {
    const value = params[key]!;
    if (!FORM_SAFE.test(key) || !FORM_SAFE.test(value)) return new URLSearchParams(params).toString();
    query += `${query === "" ? "" : "&"}${key}=${value}`;
  }
  return query;
}

const FIELDS = { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
const formats = new Map<string, { iso: Intl.DateTimeFormat; parts: Intl.DateTimeFormat }>();

/**
 * Formatters of one zone, made once: building one costs far more than using it (ICU loads the
 * zone's rules). `iso` (Swedish conventions) writes "2025-03-12 09:05" in one format() call,
 * about three times cheaper than assembling formatToParts; `parts` is the fallback.
 */
function formatIn(timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = { iso: new Intl.DateTimeFormat("sv-SE", { timeZone, ...FIELDS }), parts: new Intl.DateTimeFormat("en-CA", { timeZone, ...FIELDS }) };
    setBounded(formats, timeZone, f, 500);
  }
  return f;
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/;

/** An instant as the person reads it: their calendar day and wall-clock time. */
export function localDateTime(instant: string, timeZone: string): { date: string; time: string } {
  const f = formatIn(timeZone);
  const at = new Date(instant);
  const text = f.iso.format(at);
  if (text.length === 16 && LOCAL_DATE_TIME.test(text)) return { date: text.slice(0, 10), time: text.slice(11) };
  const parts: Record<string, string> = {};
  for (const p of f.parts.formatToParts(at)) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Seconds as "1:05" or "1:02:03". */
export function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

const MARKDOWN_SPECIAL = /[\\[\]*_`]/;
/** Whitespace that is not one plain space between words: a run, a tab, a newline, another space character. */
const UNEVEN_SPACE = /[^\S ]| {2}/;

/** Text placed inside Markdown link labels and emphasis without breaking them. */
export function mdText(text: string): string {
  // Each replacement only where it changes something: most titles and lines need neither.
  let out = MARKDOWN_SPECIAL.test(text) ? text.replace(/[\\[\]*_`]/g, (c) => `\\${c}`) : text;
  if (UNEVEN_SPACE.test(out)) out = out.replace(/\s+/g, " ");
  return out.trim();
}
