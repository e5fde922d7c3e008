import { useState } from "react";

/**
 * True from the first time `open` is true, for good. A closed dialog renders nothing until then:
 * Radix's Presence, mounted closed, still updates its state inside React's commit, and that one
 * synchronous update runs every effect of the screen in the same task (a long task on a slow
 * phone). Once opened it stays mounted, so its closing animation plays.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
