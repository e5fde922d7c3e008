/**
 * A page's first Intl call loads ICU's shared data: 35–45 ms on the main thread of a slow 2-core
 * host, one task that Lighthouse's 4× slowdown makes ~160 ms of blocking time. That data
 * is cached for the whole renderer process, so a throwaway worker that asks Intl first pays it on
 * another thread: the main thread's first call then takes well under a millisecond. Imported first
 * by main.tsx, so the worker starts before the rest of the entry evaluates; in Lighthouse's load it
 * finishes about when the first screen's loader asks for the time zone, so there the gain is partial
 * (a call made while the worker is loading pays what is left). The worker is a file of the build (the
 * CSP allows workers from 'self' only) and is precached with it. Where a worker cannot start,
 * nothing changes: the page loads ICU itself on its first Intl call, as before.
 */
export function warmIcuOffThread(): void {
  if (typeof Worker !== "function") return;
  try {
    const worker = new Worker(new URL("./icu-warmup.worker.ts", import.meta.url), { type: "module" });
    const done = () => worker.terminate();
    worker.onmessage = done;
    worker.onerror = done;
  } catch {
    // Refused: the main thread loads ICU on its first Intl call.
  }
}

warmIcuOffThread();
