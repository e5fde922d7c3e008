/**
 * WebM/Opus where the browser records it well (Chromium, Firefox), else MP4/AAC; the API accepts
 * and plays both. WebKit (Safari, WebKitGTK) records MP4 first even where it claims WebM: Safari
 * 18.4 reports WebM support but writes files with broken durations. Empty string: let the browser
 * choose.
 */
export const RECORDING_MIME_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4;codecs=mp4a.40.2", "audio/mp4"] as const;
const MP4_FIRST = ["audio/mp4;codecs=mp4a.40.2", "audio/mp4", "audio/webm;codecs=opus", "audio/webm"] as const;

/**
 * Whether the user agent is WebKit's own (Safari, WebKitGTK's MiniBrowser, every iOS browser),
 * not a Blink or Gecko browser that also says "AppleWebKit" or "Safari" for compatibility.
 */
export function isWebKitEngine(userAgent: string): boolean {
  if (!/AppleWebKit\//.test(userAgent)) return false;
  if (/iPhone|iPad|iPod/.test(userAgent)) return true; // every iOS browser is WebKit underneath
  return !/Chrome\/|Chromium\/|CriOS|Edg\/|OPR\/|Firefox\/|FxiOS|SamsungBrowser|Android/.test(userAgent);
}

export function pickRecordingMimeType(isTypeSupported: (type: string) => boolean, userAgent = ""): string {
  const order = isWebKitEngine(userAgent) ? MP4_FIRST : RECORDING_MIME_TYPES;
  return order.find((type) => isTypeSupported(type)) ?? "";
}
