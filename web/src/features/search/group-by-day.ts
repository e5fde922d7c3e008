import { periodKeyOf, type SearchHit } from "@vj/core";

export type DayGroup = { dayKey: string; label: string; hits: SearchHit[] };

/**
 * Hits grouped by their local day, in the order the days first appear: the list stays ranked
 * (the best hit's day first) while hits of one day sit together under one heading.
 */
export function groupHitsByDay(hits: readonly SearchHit[], timeZone: string, now: Date = new Date()): DayGroup[] {
  const groups = new Map<string, DayGroup>();
  for (const hit of hits) {
    const dayKey = periodKeyOf(new Date(hit.createdAt), "day", timeZone);
    let group = groups.get(dayKey);
    if (!group) {
      group = { dayKey, label: dayLabel(dayKey, timeZone, now), hits: [] };
      groups.set(dayKey, group);
    }
    group.hits.push(hit);
  }
  return [...groups.values()];
}

/** "Today", "Yesterday", or "Tuesday, March 10, 2026". */
export function dayLabel(dayKey: string, timeZone: string, now: Date): string {
  const today = periodKeyOf(now, "day", timeZone);
  const yesterday = periodKeyOf(new Date(now.getTime() - 86_400_000), "day", timeZone);
  if (dayKey === today) return "Today";
  if (dayKey === yesterday) return "Yesterday";
  const [y, m, d] = dayKey.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** The snippet cut at the highlight ranges: plain strings and marked ones, never HTML. */
export function snippetParts(snippet: string, highlights: readonly (readonly [number, number])[]): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of [...highlights].sort((a, b) => a[0] - b[0])) {
    if (start < at || end > snippet.length || end <= start) continue;
    if (start > at) parts.push({ text: snippet.slice(at, start), marked: false });
    parts.push({ text: snippet.slice(start, end), marked: true });
    at = end;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), marked: false });
  return parts;
}
