import type { Domain } from "@vj/core";
import { Mic, Pause, Play } from "lucide-react";
import { useEffect, useRef } from "react";
import { cn } from "../../lib/cn";
import { useAuth } from "../auth/auth-provider";
import type { JournalView } from "../journal-view/use-journal-view";
import { pauseRecording, resumeRecording, setPanelOpen, startRecording, useRecorder } from "./recorder-store";
import { RecordingPanel } from "./recording-panel";
import { onRecordingStartRequested } from "./trigger";

/**
 * The floating record button (SPEC §2): idle starts and opens the panel; recording pauses; paused
 * resumes. In week and month views it is greyed out while idle and a click goes to today.
 */
export function RecordButton({
  collection,
  view,
  tucked = false,
  ready = false,
  onReady,
}: {
  collection: Domain;
  view: JournalView;
  /** Out of the way on phones while idle (the Ask tab's question box sits where it floats). */
  tucked?: boolean;
  /** Opened from a reminder: focus the button so one tap or Enter starts recording. */
  ready?: boolean;
  onReady?: () => void;
}) {
  const recorder = useRecorder();
  const ownerId = useAuth().user?.id;
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!ready) return;
    button.current?.focus();
    onReady?.();
  }, [ready, onReady]);
  const dayView = view.period === "day";
  const idle = recorder.status === "idle";
  const greyed = idle && !dayView;

  const start = () => {
    if (!ownerId) return;
    void startRecording({
      ownerId,
      domainId: collection.id,
      viewedDay: view.isToday ? undefined : view.dayKey,
      timeZone: view.timeZone,
    });
  };

  const onClick = () => {
    if (recorder.status === "recording") pauseRecording();
    else if (recorder.status === "paused") resumeRecording();
    else if (recorder.status === "starting" || recorder.status === "saving") setPanelOpen(true);
    else if (!dayView) view.setPeriod("day");
    else start();
  };

  // The Notes tab's "Start Recording" button (SPEC §2).
  useEffect(() => onRecordingStartRequested(() => (dayView ? start() : view.setPeriod("day"))));

  const label =
    recorder.status === "recording"
      ? "Pause recording"
      : recorder.status === "paused"
        ? "Resume recording"
        : greyed
          ? "Go to today to record"
          : "Start recording";

  return (
    <>
      <RecordingPanel color={collection.primaryColor} />
      <button
        ref={button}
        type="button"
        aria-label={label}
        title={label}
        onClick={onClick}
        data-state={recorder.status}
        className={cn(
          "fixed bottom-[calc(1.5rem+env(safe-area-inset-bottom))] right-6 z-30 flex size-16 items-center justify-center rounded-full text-white shadow-xl transition-[transform,opacity,background-color]",
          "focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-offset-2 active:scale-95",
          recorder.status === "recording" && "animate-pulse",
          greyed && "opacity-50 grayscale",
          tucked && idle && "max-lg:hidden",
        )}
        style={{ backgroundColor: recorder.status === "recording" || recorder.status === "paused" ? "#dc2626" : collection.primaryColor }}
      >
        {recorder.status === "recording" ? (
          <Pause className="size-7" aria-hidden />
        ) : recorder.status === "paused" ? (
          <Play className="size-7" aria-hidden />
        ) : (
          <Mic className="size-7" aria-hidden />
        )}
      </button>
    </>
  );
}
