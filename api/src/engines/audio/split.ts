import fs from "node:fs/promises";
import path from "node:path";
import { runFfmpeg, ToolError } from "./ffmpeg.js";
import { extensionForMimeType } from "./formats.js";
import { probeExactSeconds } from "./probe.js";

export interface AudioPart {
  path: string;
  mimeType: string;
  /** A file name whose extension tells the receiver the container. */
  name: string;
}

/** Bitrate of the re-encoded fallback: plenty for speech, ~100 minutes per 25 MB part. */
const FALLBACK_OPUS_BITS_PER_SECOND = 32_000;
/** Parts are planned to 90 % of the limit: bitrates vary along a recording. */
const HEADROOM = 0.9;

/**
 * Splits a recording by time into parts each smaller than `maxBytes`, in order.
 * A recording already under the limit is returned as the single part. The
 * parts are stream copies (no quality loss) when the container allows it and
 * every part fits; otherwise the audio is re-encoded to Opus, which always fits.
 */
export async function splitAudio(
  input: { path: string; mimeType: string },
  maxBytes: number,
  workDir: string,
  signal?: AbortSignal,
): Promise<AudioPart[]> {
  const ext = extensionForMimeType(input.mimeType);
  const { size } = await fs.stat(input.path);
  if (size < maxBytes) {
    // The receiver tells the container by the name; MediaRecorder's WebM is the likeliest unknown.
    const named = ext ?? (path.extname(input.path).slice(1).toLowerCase() || "webm");
    return [{ path: input.path, mimeType: input.mimeType, name: `audio.${named}` }];
  }

  const seconds = await probeExactSeconds(input.path, signal);
  if (seconds === undefined) throw new ToolError("the recording could not be decoded to find its length");

  if (ext) {
    const segment = Math.max(1, Math.floor((seconds * maxBytes * HEADROOM) / size));
    const parts = await trySegment(input.path, workDir, "copy", ext, segment, ["-c", "copy"], signal);
    if (parts && (await allBelow(parts, maxBytes))) {
      return parts.map((p) => ({ path: p, mimeType: input.mimeType, name: `audio.${ext}` }));
    }
  }

  const segment = Math.max(1, Math.floor((maxBytes * HEADROOM * 8) / FALLBACK_OPUS_BITS_PER_SECOND));
  const opusArgs = ["-ac", "1", "-c:a", "libopus", "-b:a", String(FALLBACK_OPUS_BITS_PER_SECOND)];
  const parts = await trySegment(input.path, workDir, "opus", "ogg", segment, opusArgs, signal);
  if (!parts) throw new ToolError("the recording could not be split into parts");
  return parts.map((p) => ({ path: p, mimeType: "audio/ogg", name: "audio.ogg" }));
}

async function trySegment(
  input: string,
  workDir: string,
  label: string,
  ext: string,
  segmentSeconds: number,
  codecArgs: string[],
  signal?: AbortSignal,
): Promise<string[] | undefined> {
  const dir = await fs.mkdtemp(path.join(workDir, `split-${label}-`));
  try {
    await runFfmpeg(
      [
        "-y", "-i", input, "-map", "0:a:0", ...codecArgs,
        "-f", "segment", "-segment_time", String(segmentSeconds), "-reset_timestamps", "1",
        path.join(dir, `part-%05d.${ext}`),
      ],
      signal,
    );
  } catch (err) {
    if (err instanceof ToolError && err.aborted) throw err;
    return undefined;
  }
  // The zero-padded pattern makes lexical order the time order.
  const files = (await fs.readdir(dir)).filter((f) => f.startsWith("part-")).sort();
  return files.length > 0 ? files.map((f) => path.join(dir, f)) : undefined;
}

async function allBelow(files: string[], maxBytes: number): Promise<boolean> {
  for (const f of files) if ((await fs.stat(f)).size >= maxBytes) return false;
  return true;
}
