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
  const at = (slug: string, params: Record<string, string>) => {
    const url = new URL(`/${encodeURIComponent(slug)}`, baseUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  };
  return {
    note: (slug, date, id) => at(slug, { date, note: id }),
    period: (slug, period, date, tab) => at(slug, { ...(period !== "day" ? { view: period } : {}), date, ...(tab ? { tab } : {}) }),
    collection: (slug) => at(slug, {}),
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it (ICU loads the zone's rules). */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    setBounded(formats, timeZone, f, 500);
  }
  return f;
}

/** An instant as the person reads it: their calendar day and wall-clock time. */
export function localDateTime(instant: string, timeZone: string): { date: string; time: string } {
  const parts: Record<string, string> = {};
  for (const p of formatIn(timeZone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Seconds as "1:05" or "1:02:03". */
export function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Text placed inside Markdown link labels and emphasis without breaking them. */
export function mdText(text: string): string {
  return text.replace(/[\\[\]*_`]/g, (c) => `\\${c}`).replace(/\s+/g, " ").trim();
}
