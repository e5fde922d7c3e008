import { useSyncExternalStore } from "react";

/** Upload progress of the recordings this page is sending (0..1), for the pending cards. */
let progress: ReadonlyMap<string, number> = new Map();
const listeners = new Set<() => void>();

export function setUploadProgress(id: string, fraction: number | null): void {
  const next = new Map(progress);
  if (fraction === null) next.delete(id);
  else next.set(id, Math.max(0, Math.min(1, fraction)));
  progress = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUploadProgress(): ReadonlyMap<string, number> {
  return useSyncExternalStore(subscribe, () => progress, () => progress);
}
