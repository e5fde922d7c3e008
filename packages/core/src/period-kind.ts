/** The three kinds of period (SPEC §3); its own file so period.ts and calendar.ts both import it without importing each other. */
export type Period = "day" | "week" | "month";

export const PERIODS: readonly Period[] = Object.freeze(["day", "week", "month"] as const);
