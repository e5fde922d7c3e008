import type { ReactNode } from "react";
import { AppHeader } from "./app-header";
import { useCurrentCollection } from "./current-collection";
import { useLiveUpdates } from "./live-updates";

/**
 * What every signed-in screen has (the `_authed` layout route renders it): the header above the
 * screen, and the events stream that keeps its lists current. A screen fills the space below the
 * header (`flex-1` for one that centres a wait or paints its own background).
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  const current = useCurrentCollection();
  useLiveUpdates();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <AppHeader current={current} />
      {children}
    </div>
  );
}
