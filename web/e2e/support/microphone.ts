import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A spoken WAV for Chromium's fake microphone (--use-file-for-fake-audio-capture), made with
 * espeak-ng so the recording holds real speech. Chromium loops it while the page records.
 */
export function makeSpeechWav(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-e2e-mic-"));
  const file = path.join(dir, "speech.wav");
  execFileSync("espeak-ng", ["-s", "150", "-w", file, text]);
  return file;
}

/** Chromium switches for a microphone that needs no prompt and plays `wav`. */
export function fakeMicrophoneArgs(wav: string): string[] {
  return ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-audio-capture=${wav}`];
}
