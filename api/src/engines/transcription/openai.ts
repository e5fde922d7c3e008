import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIError } from "openai";
import { ToolError } from "../audio/ffmpeg.js";
import { probeDurationSeconds } from "../audio/probe.js";
import { splitAudio } from "../audio/split.js";
import { lazyOpenAIClient, loadedOpenAISdk } from "../openai-sdk.js";
import { TranscriptionError, type Transcriber } from "./types.js";

/** OpenAI's upload limit for /audio/transcriptions. */
export const OPENAI_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export interface OpenAITranscriberOptions {
  apiKey: string;
  /** Any OpenAI-compatible server (Groq, Speaches, LocalAI, ...); the SDK default when unset. */
  baseURL?: string | undefined;
  model: string;
  /** Per request; a long recording is several requests. */
  timeoutMs?: number;
  /** Parts are kept below this; tests lower it. */
  maxUploadBytes?: number;
  /** Where split parts are written (removed afterwards). */
  workDir?: string;
}

/**
 * Whisper through the official SDK. Retries are off: the job runner owns
 * retrying, with backoff, across process restarts.
 */
export function createOpenAITranscriber(options: OpenAITranscriberOptions): Transcriber {
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const maxBytes = options.maxUploadBytes ?? OPENAI_MAX_UPLOAD_BYTES;
  const client = lazyOpenAIClient({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: timeoutMs });
  const where = options.baseURL ? new URL(options.baseURL).host : "api.openai.com";

  return {
    name: "openai",
    async transcribe(input, signal) {
      const work = fs.mkdtempSync(path.join(options.workDir ?? os.tmpdir(), "vj-transcribe-"));
      // The runner records the decoded length (MediaRecorder WebM has none in its header); never rejects.
      // Its ffmpeg is stopped in `finally` when the transcription fails first, rather than decoding on for nobody.
      const probing = new AbortController();
      const duration = probeDurationSeconds(input.path, signal ? AbortSignal.any([signal, probing.signal]) : probing.signal);
      try {
        const parts = await splitAudio(input, maxBytes, work, signal).catch((err: unknown) => {
          throw splitFailure(err, maxBytes);
        });
        const texts: string[] = [];
        // In order, one at a time: the text must read in the order it was spoken.
        for (const part of parts) {
          // openAsBlob streams from disk, so a 25 MB part is never held in memory.
          const blob = await fs.openAsBlob(part.path, { type: part.mimeType });
          const file = new File([blob], part.name, { type: part.mimeType });
          const response = await (await client()).audio.transcriptions.create({ model: options.model, file }, { signal });
          texts.push(response.text.trim());
        }
        return { text: texts.filter((t) => t.length > 0).join(" "), durationSeconds: await duration };
      } catch (err) {
        throw toTranscriptionError(err, where, timeoutMs);
      } finally {
        probing.abort();
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

function splitFailure(err: unknown, maxBytes: number): unknown {
  if (!(err instanceof ToolError) || err.aborted) return err;
  const mb = Math.round(maxBytes / (1024 * 1024));
  return new TranscriptionError(`The recording is larger than ${mb} MB and could not be split: ${err.message}`, false, {
    cause: err,
  });
}

/** Maps SDK and tool failures to what the runner needs: a readable reason and whether to try again. */
export function toTranscriptionError(err: unknown, where: string, timeoutMs: number): TranscriptionError {
  if (err instanceof TranscriptionError) return err;
  const sdk = loadedOpenAISdk();
  if ((sdk && err instanceof sdk.APIUserAbortError) || (err instanceof ToolError && err.aborted)) {
    return new TranscriptionError("Transcription was cancelled before it finished", true, { cause: err });
  }
  if (sdk && err instanceof sdk.APIConnectionTimeoutError) {
    const s = Math.round(timeoutMs / 1000);
    return new TranscriptionError(`The transcription server at ${where} did not answer within ${s} s`, true, { cause: err });
  }
  if (sdk && err instanceof sdk.APIConnectionError) {
    return new TranscriptionError(`Could not reach the transcription server at ${where}: ${err.message}`, true, { cause: err });
  }
  if (sdk && err instanceof sdk.APIError && err.status !== undefined) {
    const status = err.status;
    const detail = serverMessage(err);
    if (status === 401 || status === 403) {
      return new TranscriptionError(
        `The transcription server at ${where} rejected the API key (HTTP ${status}); check OPENAI_API_KEY`,
        false,
        { cause: err },
      );
    }
    const retryable = status >= 500 || status === 429 || status === 408 || status === 409;
    const what = status >= 500 ? "failed" : status === 429 ? "is rate limiting requests" : "refused the recording";
    return new TranscriptionError(`The transcription server ${what} (HTTP ${status}): ${detail}`, retryable, {
      cause: err,
    });
  }
  if (err instanceof ToolError) return new TranscriptionError(`Could not process the recording: ${err.message}`, false, { cause: err });
  const message = err instanceof Error ? err.message : String(err);
  // Unknown failures may be transient; the runner caps attempts, so retrying is harmless.
  return new TranscriptionError(`Transcription failed: ${message}`, true, { cause: err });
}

function serverMessage(err: APIError): string {
  const body = err.error as { message?: unknown } | undefined;
  if (body && typeof body.message === "string" && body.message) return body.message;
  return err.message.replace(/^\d{3}\s*/, "") || "no details";
}
