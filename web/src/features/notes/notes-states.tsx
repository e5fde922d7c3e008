import { SKELETON_CARD_COUNT } from "@vj/core";
import { CloudOff, Mic, Upload } from "lucide-react";
import { Button } from "../../components/ui/button";
import { requestAudioImport } from "../import-audio/trigger";
import { requestRecordingStart } from "../recorder/trigger";
import { MessageCard } from "../../components/ui/message-card";

/** Three placeholder cards while the list loads (SPEC §2, SKELETON_CARD_COUNT). */
export function NoteSkeletons() {
  return (
    <div role="status" aria-label="Loading notes" className="space-y-3">
      {Array.from({ length: SKELETON_CARD_COUNT }, (_, i) => (
        <div key={i} data-testid="note-skeleton" className="animate-pulse rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
          <div className="h-4 w-2/5 rounded bg-slate-200" />
          <div className="mt-2 h-3 w-1/4 rounded bg-slate-100" />
          <div className="mt-4 space-y-2">
            <div className="h-3 rounded bg-slate-100" />
            <div className="h-3 w-11/12 rounded bg-slate-100" />
            <div className="h-3 w-3/5 rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** SPEC §2: the empty state; its button triggers the floating record button. */
export function NotesEmpty() {
  return (
    <MessageCard icon={Mic} tone="brand" title="No voice notes yet">
      <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">Start recording to create your first voice note.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Button onClick={() => requestRecordingStart()}>
          <Mic className="size-4" aria-hidden />
          Start Recording
        </Button>
        <Button variant="secondary" onClick={() => requestAudioImport()}>
          <Upload className="size-4" aria-hidden />
          Import audio
        </Button>
      </div>
    </MessageCard>
  );
}

export function NotesLoadError({ onRetry }: { onRetry(): void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-6 py-8 text-center">
      <p className="font-semibold text-red-800">Your notes could not be loaded.</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * The first page did not arrive because there is no connection, and nothing was kept on the
 * device: said as it is, beside any recording waiting in the outbox above it.
 */
export function NotesOffline({ onRetry }: { onRetry(): void }) {
  return (
    <MessageCard icon={CloudOff} title="You're offline">
      <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">
        Your notes show here once you're back online. Recordings you make now are kept on this device.
      </p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </MessageCard>
  );
}
