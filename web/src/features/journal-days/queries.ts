import { queryOptions } from "@tanstack/react-query";
import { LIST_STALE_TIME_MS } from "@vj/core";
import { answerSchema, apiRequest } from "../../lib/api-client";
import { journalDayKeys } from "./keys";

export const journalDayQueries = {
  /** A month's days with notes and the streaks, in one collection (domainId) or all of them (null). */
  calendar: (month: string, domainId: string | null, timeZone: string) =>
    queryOptions({
      queryKey: journalDayKeys.calendar(month, domainId, timeZone),
      queryFn: ({ signal }) =>
        apiRequest("/api/calendar", { query: { month, domainId, tz: timeZone }, schema: answerSchema((s) => s.calendarMonthSchema), signal }),
      staleTime: LIST_STALE_TIME_MS,
    }),
  onThisDay: (date: string, timeZone: string) =>
    queryOptions({
      queryKey: journalDayKeys.onThisDay(date, timeZone),
      queryFn: ({ signal }) => apiRequest("/api/on-this-day", { query: { date, tz: timeZone }, schema: answerSchema((s) => s.onThisDaySchema), signal }),
      staleTime: LIST_STALE_TIME_MS,
    }),
};
