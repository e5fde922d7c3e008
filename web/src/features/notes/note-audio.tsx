import type { VoiceNote } from "@vj/core";
import { Loader2, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { apiBlob } from "../../lib/api-client";

type State = { kind: "idle" } | { kind: "loading" } | { kind: "ready"; url: string } | { kind: "failed" };

/**
 * Plays a note's recording on its card. An <audio src> cannot carry the bearer token the API
 * needs, so the first press fetches the recording with it into a Blob URL (only on demand: a
 * list of notes never downloads audio nobody plays) and hands that to a native player, which
 * brings seeking, keyboard control and screen-reader labels for free.
 */
export function NoteAudio({ note }: { note: Pick<VoiceNote, "id" | "title" | "hasAudio"> }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const audio = useRef<HTMLAudioElement>(null);
  const abort = useRef<AbortController | null>(null);

  // Free the Blob and stop a download still under way when the card goes away.
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (state.kind !== "ready") return;
    void audio.current?.play().catch(() => {
      // Autoplay refused: the visible player's own Play button still works.
    });
    return () => URL.revokeObjectURL(state.url);
  }, [state]);

  if (!note.hasAudio) return null;

  if (state.kind === "ready") {
    return (
      <audio
        ref={audio}
        controls
        src={state.url}
        aria-label={`Recording of ${note.title}`}
        data-testid="note-audio"
        className="h-10 w-full max-w-sm"
      />
    );
  }

  const load = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: "loading" });
    try {
      const blob = await apiBlob(`/api/voice-notes/${note.id}/audio`, controller.signal);
      if (!controller.signal.aborted) setState({ kind: "ready", url: URL.createObjectURL(blob) });
    } catch {
      if (!controller.signal.aborted) setState({ kind: "failed" });
    }
  };

  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={() => void load()}
        disabled={state.kind === "loading"}
        className="inline-flex h-9 items-center gap-2 rounded-full border border-slate-200 bg-white pl-2.5 pr-3.5 text-sm font-medium text-slate-700 shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-wait"
      >
        {state.kind === "loading" ? (
          <Loader2 className="size-4 animate-spin" aria-hidden />
        ) : (
          <Play className="size-4 fill-current" aria-hidden />
        )}
        {state.kind === "loading" ? "Loading..." : "Play recording"}
      </button>
      {state.kind === "failed" ? (
        <p role="alert" className="text-sm text-red-700">
          The recording could not be loaded.
        </p>
      ) : null}
    </div>
  );
}
