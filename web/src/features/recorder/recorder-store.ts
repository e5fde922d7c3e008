import { useSyncExternalStore } from "react";
import { defaultNoteTitle, noteCreatedAt } from "@vj/core";
import { toast } from "../../lib/toast-store";
import { beginActivity } from "../../lib/app-activity";
import { newOutboxId } from "../outbox/outbox-store";
import { outboxDb } from "../outbox/outbox-db";
import { updateRecordingTitle } from "../outbox/recording-journal";
import { MicrophoneError, startRecordingSession, type RecordingSession } from "./recording-session";
import { saveRecording } from "./save-recording";

export type RecorderStatus = "idle" | "starting" | "recording" | "paused" | "saving";

export type RecorderState = {
  status: RecorderStatus;
  /** Whether the recording panel is open (closing it never stops the recording). */
  panelOpen: boolean;
  title: string;
  /** The title used when none is typed, fixed when recording starts (SPEC §4). */
  defaultTitle: string;
};

/**
 * The recorder lives outside React so a recording survives the screen re-rendering or the person
 * switching collection mid-take; the panel and the floating button only show and steer it.
 */
let state: RecorderState = { status: "idle", panelOpen: false, title: "", defaultTitle: "" };
let session: RecordingSession | null = null;
let endRecordingActivity: (() => void) | null = null;
const listeners = new Set<() => void>();

function set(patch: Partial<RecorderState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function currentSession(): RecordingSession | null {
  return session;
}

export type StartOptions = {
  /** The signed-in person: the recording is theirs, and only ever sent with their session. */
  ownerId: string;
  domainId: string;
  /** The viewed day (YYYY-MM-DD), or undefined for today (SPEC §4 default title and createdAt). */
  viewedDay: string | undefined;
  timeZone: string;
};

export async function startRecording({ ownerId, domainId, viewedDay, timeZone }: StartOptions): Promise<void> {
  if (state.status !== "idle") return;
  const now = new Date();
  const defaultTitle = defaultNoteTitle(viewedDay, now, timeZone);
  set({ status: "starting", panelOpen: true, title: "", defaultTitle });
  endRecordingActivity = beginActivity("recording");
  try {
    session = await startRecordingSession(outboxDb(), {
      id: newOutboxId(now.getTime()),
      ownerId,
      title: defaultTitle,
      createdAt: noteCreatedAt(viewedDay, now, timeZone).toISOString(),
      domainId,
      recordedAt: now.getTime(),
      timeZone,
    });
    // A title typed while the microphone was still opening.
    if (state.title.trim()) journalTitle(session.recording.id, state.title);
    set({ status: "recording" });
  } catch (err) {
    endRecordingActivity?.();
    endRecordingActivity = null;
    set({ status: "idle", panelOpen: false });
    if (!(err instanceof MicrophoneError)) console.error("could not start recording", err);
    toast({ variant: "destructive", title: "Microphone Error", description: "Unable to access microphone. Please check permissions." });
  }
}

export function pauseRecording(): void {
  if (state.status !== "recording" || !session) return;
  session.pause();
  set({ status: "paused", panelOpen: true });
}

export function resumeRecording(): void {
  if (state.status !== "paused" || !session) return;
  session.resume();
  set({ status: "recording", panelOpen: true });
}

export function setRecordingTitle(title: string): void {
  set({ title });
  // The journal keeps the typed title too, so a recovered take carries it. Written on every
  // change (one small IndexedDB update; writes on one connection apply in order).
  if (session) journalTitle(session.recording.id, title);
}

function journalTitle(id: string, title: string) {
  void updateRecordingTitle(outboxDb(), id, title.trim() || state.defaultTitle).catch(() => {});
}

export function setPanelOpen(open: boolean): void {
  set({ panelOpen: open });
}

/** Finish: stop, keep, upload (SPEC §4). */
export async function finishRecording(): Promise<void> {
  const current = session;
  if (!current || (state.status !== "recording" && state.status !== "paused")) return;
  const title = state.title.trim() || state.defaultTitle;
  // This take's activity ends only once it is kept and sent, so no update reloads in between.
  const endActivity = endRecordingActivity;
  endRecordingActivity = null;
  set({ status: "saving", panelOpen: false });
  try {
    const audio = await current.stop();
    const duration = Math.round(current.elapsedMs() / 1000);
    session = null;
    set({ status: "idle", title: "", defaultTitle: "" });
    await saveRecording({ recording: current.recording, audio, title, duration });
  } catch (err) {
    console.error("could not finish the recording", err);
    session = null;
    set({ status: "idle", title: "", defaultTitle: "" });
  } finally {
    endActivity?.();
  }
}

/** Cancel: the take is discarded (SPEC §4). */
export async function cancelRecording(): Promise<void> {
  const current = session;
  if (!current) return;
  session = null;
  set({ status: "idle", panelOpen: false, title: "", defaultTitle: "" });
  try {
    await current.cancel();
  } finally {
    endRecordingActivity?.();
    endRecordingActivity = null;
    toast({ title: "Recording cancelled", description: "Recording has been discarded." });
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRecorder(): RecorderState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}
