import {
  ON_THIS_DAY_NOTES_PER_DAY,
  TRANSCRIPTION_ERROR_PREFIX,
  isLeapYear,
  isValidPeriodKey,
  periodKeyOf,
  periodRange,
  type OnThisDay,
  type OnThisDayGroup,
  type OnThisDayQuery,
} from "@vj/core";
import { journalDaysRepository, type NoteOfDayRow } from "../repositories/journal-days.js";
import { iso, type ServiceContext } from "./context.js";

/** A look back: the local days whose notes make one group. */
interface LookBack {
  kind: "year" | "month";
  yearsAgo: number;
  days: string[];
}

const FIRST_LINE_MAX = 140;
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The days On This Day looks back to from `date` (YYYY-MM-DD), nearest first: one month ago,
 * then the same date in every earlier year down to `firstYear`.
 *
 * 29 February comes back once a year: on 29 February in leap years, and on 28 February in the
 * other years (so in a common year 28 February shows the earlier years' 28 and 29 February, and
 * in a leap year 29 February shows only earlier 29ths). One month ago is the same day number
 * in the month before, when that month has it (31 March has no month-ago day: 28 February came
 * back on 28 March already).
 */
export function lookBacks(date: string, firstYear: number): LookBack[] {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const out: LookBack[] = [];
  const prevMonth = month === 1 ? { y: year - 1, m: 12 } : { y: year, m: month - 1 };
  const monthAgo = `${prevMonth.y}-${pad(prevMonth.m)}-${pad(day)}`;
  if (isValidPeriodKey("day", monthAgo)) out.push({ kind: "month", yearsAgo: 0, days: [monthAgo] });
  for (let y = year - 1; y >= firstYear; y--) {
    const same = `${y}-${pad(month)}-${pad(day)}`;
    let days: string[];
    if (month === 2 && day === 29) days = isLeapYear(y) ? [same] : [];
    else if (month === 2 && day === 28 && !isLeapYear(year) && isLeapYear(y)) days = [same, `${y}-02-29`];
    else days = [same];
    if (days.length) out.push({ kind: "year", yearsAgo: year - y, days });
  }
  return out;
}

/** The first line of a transcript, cut at a word near FIRST_LINE_MAX characters; null for none or an error text. */
export function firstLineOf(text: string | null, failed: boolean): string | null {
  if (failed || text === null || text.startsWith(TRANSCRIPTION_ERROR_PREFIX)) return null;
  const line = text.split(/\r?\n/).map((l) => l.trim()).find((l) => l !== "");
  if (!line) return null;
  if (line.length <= FIRST_LINE_MAX) return line;
  const cut = line.slice(0, FIRST_LINE_MAX);
  const space = cut.lastIndexOf(" ");
  return `${(space > FIRST_LINE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** GET /api/on-this-day: the person's notes of the same date in earlier years and of one month ago, every collection. */
export async function onThisDay(ctx: ServiceContext, userId: string, q: OnThisDayQuery): Promise<OnThisDay> {
  const repo = journalDaysRepository(ctx.db);
  const first = await repo.firstNoteAt(userId);
  if (!first) return { date: q.date, groups: [] };
  const firstYear = Number(periodKeyOf(first, "day", q.tz).slice(0, 4));
  const backs = lookBacks(q.date, firstYear);
  const ranges = backs.flatMap((b) => b.days.map((d) => periodRange("day", d, q.tz)));
  const rows = await repo.notesOfDays(userId, { ranges, tz: q.tz, perDay: ON_THIS_DAY_NOTES_PER_DAY });
  const byDay = new Map<string, NoteOfDayRow[]>();
  for (const row of rows) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
  const groups: OnThisDayGroup[] = [];
  for (const back of backs) {
    for (const day of back.days) {
      const notes = byDay.get(day);
      if (!notes?.length) continue;
      groups.push({ date: day, kind: back.kind, yearsAgo: back.yearsAgo, total: notes[0]!.total, notes: notes.map(toNote) });
    }
  }
  return { date: q.date, groups };
}

function toNote(r: NoteOfDayRow) {
  return {
    id: r.id,
    domainId: r.domain_id,
    domainName: r.domain_name,
    domainSlug: r.domain_slug,
    domainColor: r.domain_color,
    title: r.title,
    firstLine: firstLineOf(r.opening, r.failed),
    duration: r.duration,
    createdAt: iso(r.created_at),
  };
}
