import { periodKeyOf } from "@vj/core";
import { journeyTimeZone } from "../journey-time-zone.mjs";

/** The zone the journeys' browsers run in (see journey-time-zone.mjs). */
export const JOURNEY_TZ = process.env.E2E_TIME_ZONE || journeyTimeZone();

/** The day `instant` falls on in the journeys' zone, as a period key ("2026-11-30"). */
export const dayKeyOf = (instant: Date): string => periodKeyOf(instant, "day", JOURNEY_TZ);

/** Today in the journeys' zone. */
export const todayKey = (): string => dayKeyOf(new Date());
