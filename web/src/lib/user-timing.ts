/**
 * The app's User Timing marks, named `vj-<area>:<what>` with an id as their detail, seen in the
 * browser's performance tools, the benchmarks and the journeys' failure report. Only diagnostics:
 * a browser that refuses a mark fails nothing for it. No DOM: the service worker marks alike.
 */
export const MARK_PREFIX = "vj-";

/** Marks `name` now, replacing its previous mark: the latest of each is kept, so none piles up. */
export function markLatest(name: string, detail: string): void {
  const perf = globalThis.performance;
  if (typeof perf?.mark !== "function") return;
  try {
    perf.clearMarks(name);
    perf.mark(name, { detail });
  } catch {
    // No User Timing here: nothing to see, nothing else changes.
  }
}

/** The marks whose names start with `prefix`, oldest first. */
export function marksStartingWith(prefix: string): { name: string; at: number; detail: string }[] {
  const perf = globalThis.performance;
  if (typeof perf?.getEntriesByType !== "function") return [];
  return perf
    .getEntriesByType("mark")
    .filter((m) => m.name.startsWith(prefix))
    .sort((a, b) => a.startTime - b.startTime)
    .map((m) => ({ name: m.name, at: m.startTime, detail: String((m as PerformanceMark).detail) }));
}
