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
  transcribe(input: TranscriptionInput, signal?: AbortSignal): Promise<TranscriptionResult>;
}

/**
 * Why a transcription failed, in words a user can act on. `retryable` tells
 * the job runner whether trying again later can help (network, 5xx, time-out)
 * or not (bad request, unreadable audio, nothing configured).
 */
export class TranscriptionError extends Error {
  override readonly name = "TranscriptionError";
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
