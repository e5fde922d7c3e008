import { MARK_PREFIX, markLatest, marksStartingWith } from "../../lib/user-timing";

/**
 * How far the latest send of a waiting recording got, as User Timing marks named
 * `vj-outbox:send:<step>` (lib/user-timing.ts): a send that never ends shows its last step in the
 * browser's performance tools and in the journeys' failure report. The page and the service
 * worker mark alike.
 */
export const SEND_STEPS = ["locked", "read", "session", "marking", "sending", "answered", "kept"] as const;
export type SendStep = (typeof SEND_STEPS)[number];

/** The marks' names: this, then the step. */
export const SEND_MARK_PREFIX = `${MARK_PREFIX}outbox:send:`;

export function markSendStep(step: SendStep, id: string): void {
  markLatest(SEND_MARK_PREFIX + step, id);
}

/** The steps as last marked, oldest first: the last one is where the latest send is (or ended). */
export function lastSendSteps(): { step: SendStep; at: number; id: string }[] {
  return marksStartingWith(SEND_MARK_PREFIX).map((m) => ({ step: m.name.slice(SEND_MARK_PREFIX.length) as SendStep, at: m.at, id: m.detail }));
}
