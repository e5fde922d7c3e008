import { useEffect, useState } from "react";
import { WAVEFORM_BAR_COUNT } from "@vj/core";
import { currentSession } from "./recorder-store";

const TICK_MS = 100;
const silent = () => Array.from({ length: WAVEFORM_BAR_COUNT }, () => 0);

/** The timer and the last 50 input levels (the waveform scrolls right to left), refreshed 10 times a second. */
export function useLiveMeter(active: boolean): { elapsedMs: number; levels: number[] } {
  const [meter, setMeter] = useState(() => ({ elapsedMs: 0, levels: silent() }));
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => {
      const session = currentSession();
      if (!session) return;
      // A paused take holds its waveform still instead of scrolling silence in.
      const paused = session.isPaused();
      setMeter((prev) => ({
        elapsedMs: session.elapsedMs(),
        levels: paused ? prev.levels : [...prev.levels.slice(1), session.level()],
      }));
    }, TICK_MS);
    return () => clearInterval(id);
  }, [active]);
  useEffect(() => {
    if (!active) setMeter({ elapsedMs: 0, levels: silent() });
  }, [active]);
  return meter;
}
