import { useSyncExternalStore } from "react";

/**
 * What the page is in the middle of that a reload would break: a recording or an upload. The
 * update prompt waits for both to end before a new service worker may take over (DESIGN §8).
 */
export type Activity = "recording" | "uploading";

const counts: Record<Activity, number> = { recording: 0, uploading: 0 };
const listeners = new Set<() => void>();
let busy = false;

function emit() {
  busy = counts.recording > 0 || counts.uploading > 0;
  for (const listener of listeners) listener();
}

/** Marks an activity as under way; call the returned function once it is over (idempotent). */
export function beginActivity(kind: Activity): () => void {
  counts[kind]++;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    counts[kind]--;
    emit();
  };
}

export function isBusy(): boolean {
  return busy;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsBusy(): boolean {
  return useSyncExternalStore(subscribe, isBusy, isBusy);
}
