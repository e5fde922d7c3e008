/** What "Import audio" takes: the containers the server keeps (mp3, m4a/mp4, aac, wav, ogg/opus, webm, flac). */
export const AUDIO_EXTENSIONS = ["mp3", "m4a", "mp4", "aac", "wav", "ogg", "oga", "opus", "webm", "flac"] as const;
export const AUDIO_ACCEPT = ["audio/*", ...AUDIO_EXTENSIONS.map((e) => `.${e}`)].join(",");

const extensionOf = (name: string) => (name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "");

/** An audio file by its type or, when the browser gives none (often on Android), its extension. */
export function isAudioFile(file: { name: string; type: string }): boolean {
  if (file.type.startsWith("audio/")) return true;
  if (file.type && file.type !== "application/octet-stream" && file.type !== "video/mp4" && file.type !== "video/webm") return false;
  return (AUDIO_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
}

/** "2026-03-10 Walk_to work.m4a" → "2026-03-10 Walk to work"; never empty, at most 200 characters. */
export function titleFromFileName(name: string): string {
  const base = name.includes(".") ? name.slice(0, name.lastIndexOf(".")) : name;
  const title = base.replace(/[_]+/g, " ").replace(/\s+/g, " ").trim();
  return (title || "Imported recording").slice(0, 200);
}

/** The type to store: the file's own, or one named by its extension when the browser gave none. */
export function audioTypeOf(file: { name: string; type: string }): string {
  if (file.type.startsWith("audio/")) return file.type;
  const byExtension: Record<string, string> = {
    mp3: "audio/mpeg", m4a: "audio/mp4", mp4: "audio/mp4", aac: "audio/aac", wav: "audio/wav", ogg: "audio/ogg",
    oga: "audio/ogg", opus: "audio/ogg", webm: "audio/webm", flac: "audio/flac",
  };
  return byExtension[extensionOf(file.name)] ?? "application/octet-stream";
}

/** An instant as a <input type="datetime-local"> value in the given zone ("2026-03-10T07:15"). */
export function toLocalInput(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/** A datetime-local value read in the given zone, as an instant (null when not a date). */
export function fromLocalInput(value: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  // The zone's offset at that wall time, found by one correction (exact outside a DST gap).
  const guess = new Date(asUtc);
  const offset = Date.parse(`${toLocalInput(guess.getTime(), timeZone)}:00Z`) - guess.getTime();
  return new Date(asUtc - offset);
}
