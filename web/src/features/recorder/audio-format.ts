/**
 * WebM/Opus where the browser records it (Chromium, Firefox), else MP4/AAC (Safari records only
 * MP4); the API accepts and plays both. Empty string: let the browser choose.
 */
export const RECORDING_MIME_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4;codecs=mp4a.40.2", "audio/mp4"] as const;

export function pickRecordingMimeType(isTypeSupported: (type: string) => boolean): string {
  return RECORDING_MIME_TYPES.find((type) => isTypeSupported(type)) ?? "";
}
