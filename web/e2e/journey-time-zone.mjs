// The journeys' time zone. A run takes minutes and may start at any hour; one that crosses midnight
// would see "today" change under it (a note recorded before midnight missing from the day a page
// opens after it). So the browsers, and every day the journeys work out, use a fixed-offset zone in
// which the run starts between 11:00 and 12:59: it is never near midnight, and noon UTC of any day
// is still that day there, between 01:00 and 23:00 (the offsets run from UTC-11 to UTC+11).
// scripts/e2e-lanes.mjs picks it once (E2E_TIME_ZONE), so every lane and browser of a run agree.

/** The IANA name of that zone for a run starting at `now`, e.g. "Etc/GMT+11" (UTC-11). */
export function journeyTimeZone(now = new Date()) {
  const hoursEast = Math.max(-11, 11 - now.getUTCHours());
  if (hoursEast === 0) return "UTC";
  // The Etc zones' POSIX-style sign: Etc/GMT+11 is eleven hours west of UTC.
  return `Etc/GMT${hoursEast > 0 ? "-" : "+"}${Math.abs(hoursEast)}`;
}
