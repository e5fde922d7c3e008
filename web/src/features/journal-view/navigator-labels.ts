import { isNextPeriodDisabled, periodHeadline, periodKeyOfDay, periodSubLabel, type Period } from "@vj/core";

export type NavigatorLabels = { headline: string; subLabel: string; nextDisabled: boolean };

/** What the period navigator shows for the viewed day in a view, at `now` in the browser's zone. */
export function navigatorLabels(period: Period, dayKey: string, timeZone: string, now: Date): NavigatorLabels {
  const key = periodKeyOfDay(period, dayKey);
  return {
    headline: periodHeadline(period, key, timeZone, now),
    subLabel: periodSubLabel(period, key),
    nextDisabled: isNextPeriodDisabled(period, key, timeZone, now),
  };
}
