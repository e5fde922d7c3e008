/** Audio containers the OpenAI transcription endpoint accepts, keyed by MIME type (codec parameters dropped). */
const extensions: Record<string, string> = {
  "audio/webm": "webm",
  "video/webm": "webm",
  "audio/ogg": "ogg",
  "audio/opus": "ogg",
  "audio/mp4": "m4a",
  "audio/x-m4a": "m4a",
  "audio/m4a": "m4a",
  "video/mp4": "mp4",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/flac": "flac",
  "audio/x-flac": "flac",
};

/** The file extension for a recording's MIME type, e.g. "audio/webm;codecs=opus" -> "webm". */
export function extensionFor(mimeType: string): string | undefined {
  const base = mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  return extensions[base];
}
