import { useState } from "react";

/** Vertical: every summary, newest first. Paged: one at a time with Previous/Next (SPEC §2). */
export type SummaryMode = "vertical" | "paged";

const KEY = "voice-journal.summary-mode";

/** The user's choice of mode, remembered on this device. */
export function useSummaryMode(): [SummaryMode, (mode: SummaryMode) => void] {
  const [mode, setMode] = useState<SummaryMode>(() => {
    try {
      return localStorage.getItem(KEY) === "paged" ? "paged" : "vertical";
    } catch {
      return "vertical";
    }
  });
  const choose = (next: SummaryMode) => {
    setMode(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Not remembered; the choice still holds for this visit.
    }
  };
  return [mode, choose];
}
