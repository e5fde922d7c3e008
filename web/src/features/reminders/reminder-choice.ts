import type { ReminderSettings as Settings } from "@vj/core";
import { useEffect, useRef, useState } from "react";

/** Whether two settings say the same thing (days in any order). */
export function sameSettings(a: Settings, b: Settings): boolean {
  const days = (s: Settings) => [...s.days].sort((x, y) => x - y).join(",");
  return a.enabled === b.enabled && a.time === b.time && a.onlyIfNoNote === b.onlyIfNoNote && a.tz === b.tz && days(a) === days(b);
}

/** A tap's change: the fields it sets, or how it changes the latest settings (a day turned on or off). */
export type SettingsPatch = Partial<Settings> | ((latest: Settings) => Partial<Settings>);

/**
 * What one tap saves: its patch over the settings last chosen on this screen, or over what the
 * screen shows when nothing is waiting to show. Each save carries the whole settings, so a second
 * tap read from an older screen would put back what the first one changed.
 */
export function chooseSettings(lastChosen: Settings | null, shown: Settings, patch: SettingsPatch, tz: string): Settings {
  const latest = lastChosen ?? shown;
  return { ...latest, ...(typeof patch === "function" ? patch(latest) : patch), tz };
}

/**
 * The settings to show and the function that changes them. What a person chose shows and is built
 * on at once, until what the device holds (the outbox and the cache, which catch up a moment
 * later) says the same; until then an older waiting change would show and be saved back.
 */
export function useReminderChoice(held: Settings, tz: string, save: (settings: Settings) => void) {
  const last = useRef<Settings | null>(null);
  const [chosen, setChosen] = useState<Settings | null>(null);
  const caughtUp = chosen !== null && sameSettings(chosen, held);
  useEffect(() => {
    if (caughtUp && last.current === chosen) {
      last.current = null;
      setChosen(null);
    }
  }, [caughtUp, chosen]);
  const shown = chosen ?? held;
  const change = (patch: SettingsPatch) => {
    const next = chooseSettings(last.current, shown, patch, tz);
    last.current = next;
    setChosen(next);
    save(next);
  };
  return { shown, change };
}
