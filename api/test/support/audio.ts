import fs from "node:fs";
import path from "node:path";

/** A real one-second Opus-in-WebM recording (ffmpeg sine 440 Hz), 4.5 kB. */
export const FIXTURE_WEBM = path.resolve(import.meta.dirname, "../fixtures/note.webm");
export const webmBytes = (): Buffer => fs.readFileSync(FIXTURE_WEBM);

/** Every regular file under a folder (recursive), skipping the temp area of the blob store. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

export const audioDir = (dataDir: string) => path.join(dataDir, "audio");
