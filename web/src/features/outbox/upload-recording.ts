import { RECORDING_FILE_NAME, type VoiceNote } from "@vj/core";
import { deliveredNoteOf, errorMessageOf } from "./upload-answer";
import { audioOf } from "./audio-storage";
import type { PendingUpload } from "./outbox-db";

export const VOICE_NOTES_PATH = "/api/voice-notes";

export type TransportRequest = {
  url: string;
  headers: Record<string, string>;
  body: FormData;
  /** Bytes sent so far and the total, where the transport can tell (XMLHttpRequest can, fetch cannot). */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
};
export type TransportResponse = { status: number; statusText: string; body: string };
/** Sends one multipart POST; throws only when no HTTP answer came back (offline, DNS, reset). */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export function fetchTransport(fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): Transport {
  return async ({ url, headers, body, signal }) => {
    const res = await fetchImpl(url, { method: "POST", headers, body, signal });
    return { status: res.status, statusText: res.statusText, body: await res.text() };
  };
}

/**
 * What one attempt came to, and what the outbox does about it:
 * delivered → remove; unauthorized → leave it for the page to refresh the session and retry;
 * rejected → keep it with the reason (it will never succeed as it is: 400, 413, 415, 422...);
 * retry → keep it and try again later (5xx, 429, no connection).
 */
export type UploadOutcome =
  | { kind: "delivered"; note: VoiceNote | null }
  | { kind: "unauthorized"; status: 401; message: string }
  | { kind: "rejected"; status: number; message: string }
  | { kind: "retry"; status?: number; message: string };

/** recording.webm as the spec names it; MP4/AAC from Safari is sent as recording.m4a. */
export function recordingFileName(mimeType: string): string {
  const base = mimeType.split(";")[0]!.trim().toLowerCase();
  if (base === "audio/mp4" || base === "video/mp4" || base === "audio/aac" || base === "audio/x-m4a") return "recording.m4a";
  if (base === "audio/ogg" || base === "application/ogg") return "recording.ogg";
  if (base === "audio/wav" || base === "audio/x-wav") return "recording.wav";
  return RECORDING_FILE_NAME;
}

/** The multipart body of POST /api/voice-notes (SPEC §7, DESIGN §6: plus clientId and tz). */
export function uploadForm(item: PendingUpload): FormData {
  const form = new FormData();
  form.append("title", item.title);
  form.append("duration", String(item.duration));
  form.append("createdAt", item.createdAt);
  if (item.domainId) form.append("domainId", item.domainId);
  form.append("clientId", item.id);
  form.append("tz", item.timeZone);
  // The file goes last: the server reads the text fields before the audio streams in.
  form.append("audio", audioOf(item, item.mimeType), recordingFileName(item.mimeType));
  return form;
}

/** SPEC §8: "status: response text or status text", with the server's message when it sent one. */
export function failureMessage(res: TransportResponse): string {
  // Not the error shape (a proxy's HTML page): the text as it came.
  const detail = errorMessageOf(res.body) ?? (res.body.trim() || res.statusText);
  return `${res.status}: ${detail.slice(0, 500)}`;
}

/** Requests that were understood and refused: sending the same bytes again cannot succeed. */
function isPermanent(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

export function classifyResponse(res: TransportResponse): UploadOutcome {
  if (res.status >= 200 && res.status < 300) {
    // A 2xx is the acknowledgement; its body is only a convenience.
    const note: VoiceNote | null = deliveredNoteOf(res.body);
    return { kind: "delivered", note };
  }
  const message = failureMessage(res);
  if (res.status === 401) return { kind: "unauthorized", status: 401, message };
  if (isPermanent(res.status)) return { kind: "rejected", status: res.status, message };
  return { kind: "retry", status: res.status, message };
}

export type UploadOptions = {
  /** "" for the page's own origin; the service worker passes its origin. */
  baseUrl: string;
  accessToken: string;
  transport: Transport;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
};

/** One attempt to deliver one recording. Never throws: every ending is an outcome. */
export async function uploadRecording(item: PendingUpload, options: UploadOptions): Promise<UploadOutcome> {
  try {
    const res = await options.transport({
      url: `${options.baseUrl}${VOICE_NOTES_PATH}`,
      headers: { Authorization: `Bearer ${options.accessToken}` },
      body: uploadForm(item),
      onProgress: options.onProgress,
      signal: options.signal,
    });
    return classifyResponse(res);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { kind: "retry", message: `Network error: ${reason || "no connection"}` };
  }
}
