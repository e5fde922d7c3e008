import { z } from "zod";
import { idSchema } from "./common.js";

/** One local day of a calendar month that has notes. */
export const calendarDaySchema = z.object({
  /** YYYY-MM-DD on the person's local calendar (`tz`). */
  date: z.string(),
  notes: z.number().int(),
  /** Seconds recorded that day. */
  duration: z.number().int(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const streakSchema = z.object({
  /** Days in a row up to today; a today without a note yet does not break it (it counts up to yesterday). */
  current: z.number().int(),
  longest: z.number().int(),
});
export type Streak = z.infer<typeof streakSchema>;

/** GET /api/calendar: a month's days with notes, and the streaks, in one collection or all. */
export const calendarMonthSchema = z.object({
  month: z.string(),
  /** Today on the person's local calendar, so the page outlines the day the server counted as today. */
  today: z.string(),
  days: z.array(calendarDaySchema),
  streak: streakSchema,
});
export type CalendarMonth = z.infer<typeof calendarMonthSchema>;

export const onThisDayNoteSchema = z.object({
  id: idSchema,
  domainId: idSchema,
  domainName: z.string(),
  domainSlug: z.string(),
  domainColor: z.string(),
  title: z.string(),
  /** The transcript's first line (cut short), or null while there is none. */
  firstLine: z.string().nullable(),
  duration: z.number().int(),
  createdAt: z.string(),
});
export type OnThisDayNote = z.infer<typeof onThisDayNoteSchema>;

export const onThisDayGroupSchema = z.object({
  /** The local day the notes were made (YYYY-MM-DD). */
  date: z.string(),
  /** "year": the same date in an earlier year; "month": one month before. */
  kind: z.enum(["year", "month"]),
  /** Whole years back for "year" (1, 2, …), 0 for "month". */
  yearsAgo: z.number().int(),
  /** How many notes that day holds; `notes` lists the first few. */
  total: z.number().int(),
  notes: z.array(onThisDayNoteSchema),
});
export type OnThisDayGroup = z.infer<typeof onThisDayGroupSchema>;

/** GET /api/on-this-day: the nearest look back first (one month ago, then one year ago, …); empty when there is nothing. */
export const onThisDaySchema = z.object({
  date: z.string(),
  groups: z.array(onThisDayGroupSchema),
});
export type OnThisDay = z.infer<typeof onThisDaySchema>;
