import { webmBytes } from "./audio.js";

export interface NoteFormOptions {
  /** The file part; defaults to the WebM fixture. null leaves the file out. */
  audio?: Uint8Array | null;
  type?: string;
  filename?: string;
  title?: string;
  duration?: string;
  createdAt?: string;
  domainId?: string;
  clientId?: string;
  tz?: string;
  extra?: Record<string, string>;
}

/** The multipart body the web app sends to POST /api/voice-notes (SPEC §3: recording.webm, title, duration, createdAt). */
export function noteForm(o: NoteFormOptions = {}): FormData {
  const form = new FormData();
  if (o.audio !== null) {
    const bytes = o.audio ?? webmBytes();
    form.append("audio", new Blob([bytes], { type: o.type ?? "audio/webm;codecs=opus" }), o.filename ?? "recording.webm");
  }
  form.append("title", o.title ?? "Morning thoughts");
  form.append("duration", o.duration ?? "1");
  form.append("createdAt", o.createdAt ?? new Date().toISOString());
  if (o.domainId !== undefined) form.append("domainId", o.domainId);
  if (o.clientId !== undefined) form.append("clientId", o.clientId);
  if (o.tz !== undefined) form.append("tz", o.tz);
  for (const [k, v] of Object.entries(o.extra ?? {})) form.append(k, v);
  return form;
}
