/**
 * Runs `run` when the page next goes idle, or `timeoutMs` from now at the latest; where the browser
 * has no idle callback (Safari), `fallbackMs` from now. Returns a function that cancels it.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs = timeoutMs): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, fallbackMs);
  return () => clearTimeout(timer);
}
