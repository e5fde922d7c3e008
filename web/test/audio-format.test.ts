import { describe, expect, test } from "vitest";
import { isWebKitEngine, pickRecordingMimeType } from "../src/features/recorder/audio-format";

const SAFARI_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Safari/605.1.15";
const SAFARI_IOS = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1";
const CHROME_IOS = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1";
const WEBKITGTK = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";
const EDGE = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0";

/** Safari 18.4 claims WebM as well as MP4. */
const everything = () => true;

describe("the recording format", () => {
  test("WebKit records MP4/AAC even where it claims WebM", () => {
    for (const ua of [SAFARI_MAC, SAFARI_IOS, CHROME_IOS, WEBKITGTK]) {
      expect(isWebKitEngine(ua), ua).toBe(true);
      expect(pickRecordingMimeType(everything, ua)).toBe("audio/mp4;codecs=mp4a.40.2");
    }
    expect(pickRecordingMimeType((t) => t === "audio/mp4" || t.startsWith("audio/webm"), SAFARI_MAC)).toBe("audio/mp4");
  });

  test("Chromium, Edge and Firefox record WebM/Opus; MP4 only where WebM is missing", () => {
    for (const ua of [CHROME, CHROME_ANDROID, EDGE, FIREFOX]) {
      expect(isWebKitEngine(ua), ua).toBe(false);
      expect(pickRecordingMimeType(everything, ua)).toBe("audio/webm;codecs=opus");
    }
    expect(pickRecordingMimeType((t) => t.startsWith("audio/mp4"), CHROME)).toBe("audio/mp4;codecs=mp4a.40.2");
    expect(pickRecordingMimeType(() => false, SAFARI_MAC)).toBe("");
  });
});
