/**
 * The audio containers the app accepts, and every name and type each goes by: the one table
 * that upload checks, stored file names and the transcription engines read.
 */
export type AudioFormat = "webm" | "ogg" | "mp4" | "wav" | "mp3" | "flac";

interface FormatInfo {
  /** Without the dot; also what the OpenAI endpoint recognises the container by. */
  extension: string;
  /** The type served for it. */
  mimeType: string;
  /** Other types recorders label it with (parameters dropped). */
  aliases: string[];
}

const FORMATS: Record<AudioFormat, FormatInfo> = {
  // Audio-only recordings are sometimes labelled video/webm or video/mp4, and Ogg application/ogg.
  webm: { extension: "webm", mimeType: "audio/webm", aliases: ["video/webm"] },
  ogg: { extension: "ogg", mimeType: "audio/ogg", aliases: ["audio/opus", "video/ogg", "application/ogg"] },
  mp4: { extension: "m4a", mimeType: "audio/mp4", aliases: ["audio/x-m4a", "audio/m4a", "video/mp4"] },
  wav: { extension: "wav", mimeType: "audio/wav", aliases: ["audio/x-wav", "audio/wave"] },
  mp3: { extension: "mp3", mimeType: "audio/mpeg", aliases: ["audio/mp3"] },
  flac: { extension: "flac", mimeType: "audio/flac", aliases: ["audio/x-flac"] },
};

export const AUDIO_HEAD_BYTES = 12;

const baseType = (mime: string) => mime.split(";")[0]!.trim().toLowerCase();

/** The file extension of a container, without the dot ("m4a" for MP4 audio). */
export const extensionOf = (format: AudioFormat) => FORMATS[format].extension;

/**
 * The type a recording is stored and served with: that of the container its bytes were
 * recognised as, never the type the client declared (which could be audio/html or anything).
 */
export const mimeTypeOf = (format: AudioFormat) => FORMATS[format].mimeType;

/** The container a stored blob holds, from the extension its key was given at upload. */
export function formatOfKey(key: string): AudioFormat | undefined {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return (Object.keys(FORMATS) as AudioFormat[]).find((f) => FORMATS[f].extension === ext);
}

/** The container a MIME type names, e.g. "audio/webm;codecs=opus" -> "webm"; undefined when unknown. */
export function formatOfMimeType(mime: string): AudioFormat | undefined {
  const base = baseType(mime);
  return (Object.keys(FORMATS) as AudioFormat[]).find((f) => FORMATS[f].mimeType === base || FORMATS[f].aliases.includes(base));
}

/** The file extension for a recording's MIME type, e.g. "audio/webm;codecs=opus" -> "webm". */
export function extensionForMimeType(mime: string): string | undefined {
  const format = formatOfMimeType(mime);
  return format && extensionOf(format);
}

/** Declared types we accept: any audio type, or a non-audio label a recorder gives a container we know. */
export function isAudioMimeType(mime: string): boolean {
  const base = baseType(mime);
  return base.startsWith("audio/") || formatOfMimeType(base) !== undefined;
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
