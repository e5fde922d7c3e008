import { RefreshCw, X } from "lucide-react";
import { useState } from "react";
import { useIsBusy } from "../lib/app-activity";
import { applyUpdate, useUpdateWaiting } from "../lib/register-sw";
import { Button } from "./ui/button";

/**
 * "A new version is available" with Reload, shown when a new service worker waits. Reload is held
 * back while a recording or an upload is under way, so an update never cuts one off.
 */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  const busy = useIsBusy();
  // "Later" hides it for this page; the new version then applies once every tab is closed.
  const [dismissed, setDismissed] = useState(false);
  if (!waiting || dismissed) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 top-4 z-[90] mx-auto flex max-w-md items-center gap-3 rounded-xl border border-brand-100 bg-white p-3 pl-4 shadow-lg"
    >
      <RefreshCw className="size-5 shrink-0 text-brand-600" aria-hidden />
      <div className="grid flex-1 gap-0.5">
        <p className="text-sm font-semibold text-slate-900">A new version is available</p>
        {busy ? <p className="text-xs text-slate-600">You can reload once your recording is saved.</p> : null}
      </div>
      <Button className="h-9" disabled={busy} onClick={() => applyUpdate()}>
        Reload
      </Button>
      <button
        type="button"
        aria-label="Later"
        onClick={() => setDismissed(true)}
        className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
