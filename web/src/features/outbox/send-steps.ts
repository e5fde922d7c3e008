/**
 * How far the latest send of a waiting recording got, as User Timing marks named
 * `outbox:send:<step>` (the latest of each step is kept, so they never pile up): a send that never
 * ends shows its last step in the browser's performance tools and in the journeys' failure report.
 * No React and no DOM: the page and the service worker mark alike.
 */
export const SEND_STEPS = ["locked", "read", "session", "marking", "sending", "answered", "kept"] as const;
export type SendStep = (typeof SEND_STEPS)[number];

/** The marks' names: this, then the step. */
export const SEND_MARK_PREFIX = "outbox:send:";

export function markSendStep(step: SendStep, id: string): void {
  const perf = globalThis.performance;
  if (typeof perf?.mark !== "function") return;
  try {
    perf.clearMarks(SEND_MARK_PREFIX + step);
    perf.mark(SEND_MARK_PREFIX + step, { detail: id });
  } catch {
    // Only a diagnostic: a browser whose marks refuse this never fails a send for it.
  }
}

/** The steps as last marked, oldest first: the last one is where the latest send is (or ended). */
export function lastSendSteps(): { step: SendStep; at: number; id: string }[] {
  const perf = globalThis.performance;
  if (typeof perf?.getEntriesByType !== "function") return [];
  return perf
    .getEntriesByType("mark")
    .filter((m) => m.name.startsWith(SEND_MARK_PREFIX))
    .sort((a, b) => a.startTime - b.startTime)
    .map((m) => ({ step: m.name.slice(SEND_MARK_PREFIX.length) as SendStep, at: m.startTime, id: String((m as PerformanceMark).detail) }));
}
