import { noteKeys } from "../notes/keys";

/**
 * The journal read by day (calendar, On This Day) is a view of the notes: its keys sit under the
 * notes' prefix, so whatever refreshes the notes (an upload, a delete, a transcript that became
 * ready, the outbox's replay) refreshes these too.
 */
export const journalDayKeys = {
  all: [...noteKeys.all, "by-day"] as const,
  calendar: (month: string, domainId: string | null, timeZone: string) => [...journalDayKeys.all, "calendar", month, domainId ?? "all", timeZone] as const,
  onThisDay: (date: string, timeZone: string) => [...journalDayKeys.all, "on-this-day", date, timeZone] as const,
};
