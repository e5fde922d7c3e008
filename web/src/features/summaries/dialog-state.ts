import { useSyncExternalStore } from "react";

// The go-to-date control hides while a summary-generation dialog is open (SPEC §2); the dialog
// lives in the Summary tab and the control in the main screen, so they share this flag.
let open = false;
const listeners = new Set<() => void>();

export function setSummaryDialogOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export function useSummaryDialogOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => open,
  );
}
