import { EngineError } from "../engine-error.js";

export interface TranscriptionInput {
  /** A local file holding the whole recording. */
  path: string;
  mimeType: string;
}

export interface TranscriptionResult {
  text: string;
  /** Seconds of audio, when the engine learned it while working. */
  durationSeconds?: number;
}

/** One interface for every speech-to-text engine; the job runner does not know which one it holds. */
export interface Transcriber {
  readonly name: string;
  /** Set on engines whose output is often wrong, so the UI and logs can say so. */
  readonly lowAccuracy?: boolean;
  /** False only for the placeholder used when nothing can transcribe: notes wait instead of failing. */
  readonly available?: boolean;
  transcribe(input: TranscriptionInput, signal?: AbortSignal): Promise<TranscriptionResult>;
}

/** A transcription engine failed; the job runner or the summaries service reads `retryable`. */
export class TranscriptionError extends EngineError {
  override readonly name = "TranscriptionError";
}
