import { periodKeyOf, type Period } from "@vj/core";

/**
 * Where an assistant's answer points into the app: a collection's day (or week, month) with the
 * note brought into view, the same addresses the app's own search hits open.
 */
export interface AppLinks {
  note(slug: string, createdAt: string, id: string): string;
  period(slug: string, period: Period, date: string, tab?: "summary"): string;
  collection(slug: string): string;
}

export function appLinks(baseUrl: string, timeZone: string): AppLinks {
  const at = (slug: string, params: Record<string, string>) => {
    const url = new URL(`/${encodeURIComponent(slug)}`, baseUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  };
  return {
    note: (slug, createdAt, id) => at(slug, { date: periodKeyOf(new Date(createdAt), "day", timeZone), note: id }),
    period: (slug, period, date, tab) => at(slug, { ...(period !== "day" ? { view: period } : {}), date, ...(tab ? { tab } : {}) }),
    collection: (slug) => at(slug, {}),
  };
}

/** An instant as the person reads it: their calendar day and wall-clock time. */
export function localDateTime(instant: string, timeZone: string): { date: string; time: string } {
  const d = new Date(instant);
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
  return { date: periodKeyOf(d, "day", timeZone), time };
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
