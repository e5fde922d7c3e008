import { RECORDER_CHUNK_MS } from "@vj/core";
import { contextLocks, lockNames } from "../outbox/locks";
import type { ActiveRecording, OutboxDb } from "../outbox/outbox-db";
import { appendChunk, beginRecording, discardRecording } from "../outbox/recording-journal";
import { MARK_PREFIX, markLatest } from "../../lib/user-timing";
import { pickRecordingMimeType } from "./audio-format";

/** The microphone could not be opened (denied, missing, busy). */
export class MicrophoneError extends Error {
  override name = "MicrophoneError";
}

/**
 * User Timing marks of a start (lib/user-timing.ts), for the recorder benchmark and DevTools: the
 * microphone opened, the MediaRecorder started, the first chunk arrived, the first chunk is in the
 * IndexedDB journal. Each carries the recording id as its detail; the latest of each is kept.
 */
export const RECORDER_MARKS = {
  micOpen: `${MARK_PREFIX}recorder:mic-open`,
  started: `${MARK_PREFIX}recorder:started`,
  firstChunk: `${MARK_PREFIX}recorder:first-chunk`,
  firstChunkJournaled: `${MARK_PREFIX}recorder:first-chunk-journaled`,
} as const;

export type RecordingSession = {
  recording: ActiveRecording;
  isPaused(): boolean;
  pause(): void;
  resume(): void;
  /** Unpaused milliseconds recorded so far. */
  elapsedMs(): number;
  /** The current input level, 0..1, for the waveform. */
  level(): number;
  /** Stops and returns the whole take once its last chunk is in and every chunk is journaled. */
  stop(): Promise<Blob>;
  /** Stops and forgets the take, journal included. */
  cancel(): Promise<void>;
};

/**
 * One recording: the microphone, a MediaRecorder emitting a chunk every 1000 ms (SPEC §9), each
 * chunk journaled to IndexedDB as it arrives (a crash loses at most the last second), the level
 * meter for the waveform, and the screen kept awake. The tab holds the recording's Web Lock for
 * its whole life so no other tab mistakes it for an interrupted one.
 */
export async function startRecordingSession(
  db: OutboxDb,
  recording: Omit<ActiveRecording, "mimeType">,
  { onChunk }: { onChunk?: (seq: number) => void } = {},
): Promise<RecordingSession> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  } catch (err) {
    throw new MicrophoneError(err instanceof Error ? err.message : String(err));
  }
  markLatest(RECORDER_MARKS.micOpen, recording.id);

  const chosen = typeof MediaRecorder.isTypeSupported === "function" ? pickRecordingMimeType((t) => MediaRecorder.isTypeSupported(t), navigator.userAgent) : "";
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, chosen ? { mimeType: chosen } : undefined);
  } catch (err) {
    stream.getTracks().forEach((t) => t.stop());
    throw new MicrophoneError(err instanceof Error ? err.message : String(err));
  }
  const active: ActiveRecording = { ...recording, mimeType: chosen || recorder.mimeType || "audio/webm" };

  // Hold the recording's lock until the session ends (released automatically if the tab dies).
  let releaseLock: () => void = () => {};
  await new Promise<void>((acquired) => {
    void contextLocks().run(lockNames.recording(active.id), () => {
      acquired();
      return new Promise<void>((release) => (releaseLock = release));
    });
  });
  await beginRecording(db, active);

  // Elapsed time counts only while recording, not while paused.
  let accumulated = 0;
  let segmentStart: number | null = null;
  const elapsedMs = () => accumulated + (segmentStart === null ? 0 : performance.now() - segmentStart);

  const chunks: Blob[] = [];
  let journal: Promise<void> = Promise.resolve();
  recorder.ondataavailable = (event) => {
    if (event.data.size === 0) return;
    const seq = chunks.length;
    chunks.push(event.data);
    const at = elapsedMs();
    if (seq === 0) markLatest(RECORDER_MARKS.firstChunk, active.id);
    journal = journal
      .then(() => appendChunk(db, active.id, seq, event.data, at))
      .then(() => {
        if (seq === 0) markLatest(RECORDER_MARKS.firstChunkJournaled, active.id);
      })
      .catch((err: unknown) => console.warn("could not journal a recording chunk (the take is still in memory)", err));
    onChunk?.(seq);
  };

  // Level meter: root mean square of the latest samples.
  let audioContext: AudioContext | undefined;
  let analyser: AnalyserNode | undefined;
  let samples: Uint8Array<ArrayBuffer> | undefined;
  try {
    audioContext = new AudioContext();
    analyser = audioContext.createAnalyser();
    analyser.fftSize = 1024;
    samples = new Uint8Array(analyser.fftSize);
    audioContext.createMediaStreamSource(stream).connect(analyser);
  } catch {
    // No Web Audio: the waveform stays flat, the recording is unaffected.
  }
  const level = () => {
    if (!analyser || !samples) return 0;
    analyser.getByteTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += ((s - 128) / 128) ** 2;
    // Speech RMS rarely passes 0.3: scale so a normal voice fills most of the bar.
    return Math.min(1, Math.sqrt(sum / samples.length) * 3.5);
  };

  // Screen Wake Lock: a locked screen would suspend the page and end the recording on phones.
  let wakeLock: WakeLockSentinel | null = null;
  let ended = false;
  const requestWakeLock = async () => {
    if (ended || document.visibilityState !== "visible" || !("wakeLock" in navigator)) return;
    try {
      wakeLock = await navigator.wakeLock.request("screen");
    } catch {
      // Refused (battery saver, no permission): recording goes on.
    }
  };
  // The browser drops the wake lock whenever the page is hidden; ask again when it is back.
  const onVisibility = () => void requestWakeLock();
  document.addEventListener("visibilitychange", onVisibility);
  void requestWakeLock();

  const cleanUp = () => {
    ended = true;
    document.removeEventListener("visibilitychange", onVisibility);
    stream.getTracks().forEach((t) => t.stop());
    void audioContext?.close().catch(() => {});
    void wakeLock?.release().catch(() => {});
    releaseLock();
  };

  const stopped = new Promise<void>((resolve) => recorder.addEventListener("stop", () => resolve(), { once: true }));
  const stopRecorder = async () => {
    if (segmentStart !== null) {
      accumulated += performance.now() - segmentStart;
      segmentStart = null;
    }
    if (recorder.state !== "inactive") recorder.stop();
    await stopped;
    await journal;
  };

  recorder.start(RECORDER_CHUNK_MS);
  segmentStart = performance.now();
  markLatest(RECORDER_MARKS.started, active.id);

  return {
    recording: active,
    isPaused: () => recorder.state === "paused",
    pause() {
      if (recorder.state !== "recording") return;
      recorder.pause();
      if (segmentStart !== null) accumulated += performance.now() - segmentStart;
      segmentStart = null;
    },
    resume() {
      if (recorder.state !== "paused") return;
      recorder.resume();
      segmentStart = performance.now();
    },
    elapsedMs,
    level,
    async stop() {
      try {
        await stopRecorder();
        return new Blob(chunks, { type: active.mimeType });
      } finally {
        cleanUp();
      }
    },
    async cancel() {
      try {
        await stopRecorder();
        await discardRecording(db, active.id);
      } finally {
        cleanUp();
      }
    },
  };
}
