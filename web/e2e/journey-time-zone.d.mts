/** Types for journey-time-zone.mjs. */
export function journeyTimeZone(now?: Date): string;
