/** The containers a browser recorder (or an uploaded file) plausibly holds audio in. */
export type AudioFormat = "webm" | "ogg" | "mp4" | "wav" | "mp3" | "flac";

export const AUDIO_HEAD_BYTES = 12;

const EXTENSIONS: Record<AudioFormat, string> = {
  webm: ".webm",
  ogg: ".ogg",
  mp4: ".m4a",
  wav: ".wav",
  mp3: ".mp3",
  flac: ".flac",
};

export const extensionOf = (format: AudioFormat) => EXTENSIONS[format];

/**
 * Declared types we accept. Audio-only recordings are sometimes labelled video/webm or
 * video/mp4 by recorders, and Ogg as application/ogg, so those containers count too.
 */
export function isAudioMimeType(mime: string): boolean {
  const base = mime.split(";")[0]!.trim().toLowerCase();
  return base.startsWith("audio/") || ["video/webm", "video/mp4", "video/ogg", "application/ogg"].includes(base);
}

/** Recognises the container from its first bytes; undefined when it is not one we accept. */
export function sniffAudioFormat(head: Uint8Array): AudioFormat | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return "webm";
  if (ascii(0, 4) === "OggS") return "ogg";
  if (ascii(4, 8) === "ftyp") return "mp4";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WAVE") return "wav";
  if (ascii(0, 4) === "fLaC") return "flac";
  if (ascii(0, 3) === "ID3") return "mp3";
  // An MPEG audio frame (MP3, or AAC in ADTS) starts with an 11-bit sync word.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return "mp3";
  return undefined;
}
