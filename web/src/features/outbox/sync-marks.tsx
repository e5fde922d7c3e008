import { AlertTriangle, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import type { SyncMark } from "./overlay";
import { settleChange } from "./page-outbox";

/** The small mark on an item changed on this device that the server does not have yet. */
export function WaitingToSync() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900" data-testid="waiting-to-sync">
      <RefreshCw className="size-3" aria-hidden />
      Waiting to sync
    </span>
  );
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * A change the server would not take: refused for good (with its reason, Retry and Discard), or
 * made on a version that changed on another device meanwhile (both texts, and the person
 * chooses). Never dropped without the person's word (DESIGN §13).
 */
export function ChangeProblem({ mark }: { mark: SyncMark }) {
  const [busy, setBusy] = useState(false);
  const { change } = mark;
  const act = (choice: "retry" | "keep-mine" | "discard") => {
    setBusy(true);
    void settleChange(change.seq!, choice).finally(() => setBusy(false));
  };

  if (mark.status === "conflict") {
    const field = change.body && "transcription" in change.body ? "transcription" : "title";
    const label = field === "transcription" ? "transcript" : "title";
    return (
      <section className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3" aria-label="Changed on another device" data-testid="change-conflict">
        <p className="flex items-center gap-2 text-sm font-semibold text-amber-900">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          Changed on another device
        </p>
        <p className="mt-1 text-sm text-amber-900">The {label} was changed elsewhere after you edited it here. Choose which to keep.</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <div className="rounded-lg bg-white p-2">
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">On another device</p>
            <p className="mt-1 whitespace-pre-wrap text-sm text-slate-900 [overflow-wrap:anywhere]" data-testid="conflict-theirs">
              {text(change.current?.[field]) || "(empty)"}
            </p>
          </div>
          <div className="rounded-lg bg-white p-2">
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Yours, on this device</p>
            <p className="mt-1 whitespace-pre-wrap text-sm text-slate-900 [overflow-wrap:anywhere]" data-testid="conflict-mine">
              {text(change.body?.[field]) || "(empty)"}
            </p>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" className="h-9" disabled={busy} onClick={() => act("keep-mine")}>
            Keep mine
          </Button>
          <Button variant="ghost" className="h-9" disabled={busy} onClick={() => act("discard")}>
            Keep theirs
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3" aria-label="Change not saved" data-testid="change-refused">
      <p className="flex items-center gap-2 text-sm font-semibold text-red-800">
        <AlertTriangle className="size-4 shrink-0" aria-hidden />
        Change not saved
      </p>
      <p className="mt-1 text-sm text-red-700 [overflow-wrap:anywhere]">{change.lastError ?? "The server refused this change."}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" className="h-9" disabled={busy} onClick={() => act("retry")}>
          Retry
        </Button>
        <Button variant="ghost" className="h-9 text-red-700 hover:bg-red-50 hover:text-red-800" disabled={busy} onClick={() => act("discard")}>
          Discard
        </Button>
      </div>
    </section>
  );
}
