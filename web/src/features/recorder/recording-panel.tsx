import { formatDuration } from "@vj/core";
import { X } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { cancelRecording, finishRecording, setPanelOpen, setRecordingTitle, useRecorder } from "./recorder-store";
import { useLiveMeter } from "./use-live-meter";
import { Waveform } from "./waveform";

/**
 * The recording panel (SPEC §2): timer with "(Paused)", the live waveform, the optional title,
 * Finish and Cancel, and a close button that only hides the panel (the take goes on; the
 * floating button brings it back), so nothing said is lost by a stray tap.
 */
export function RecordingPanel({ color }: { color: string }) {
  const recorder = useRecorder();
  const live = recorder.status === "recording" || recorder.status === "paused";
  const meter = useLiveMeter(live);
  if (!recorder.panelOpen || recorder.status === "idle") return null;
  const paused = recorder.status === "paused";

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="recording-panel-title"
      className="fixed inset-x-3 bottom-[calc(6.5rem+env(safe-area-inset-bottom))] z-40 rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl sm:inset-x-auto sm:right-6 sm:w-[400px]"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="recording-panel-title" className="text-base font-semibold text-slate-900">
            {paused ? "Paused" : recorder.status === "starting" ? "Starting..." : "Recording"}
          </h2>
          <p className="mt-1 font-mono text-3xl font-semibold tabular-nums text-slate-900" data-testid="recording-timer" aria-live="off">
            {formatDuration(meter.elapsedMs / 1000)}
            {paused ? <span className="ml-2 font-sans text-base font-medium text-slate-500">(Paused)</span> : null}
          </p>
        </div>
        <button
          type="button"
          aria-label="Close"
          onClick={() => setPanelOpen(false)}
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <X className="size-5" aria-hidden />
        </button>
      </div>

      <div className="mt-4">
        <Waveform levels={meter.levels} paused={paused} color={color} />
      </div>

      <label className="sr-only" htmlFor="recording-title">
        Title
      </label>
      <Input
        id="recording-title"
        className="mt-4"
        placeholder="Add a title (optional)"
        value={recorder.title}
        maxLength={200}
        onChange={(e) => setRecordingTitle(e.target.value)}
      />

      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="secondary" disabled={!live} onClick={() => void cancelRecording()}>
          Cancel
        </Button>
        <Button disabled={!live} onClick={() => void finishRecording()} style={{ backgroundColor: color }}>
          Finish
        </Button>
      </div>
      <p className="mt-3 text-center text-xs text-slate-500">Recording will be transcribed automatically after saving</p>
    </section>
  );
}
