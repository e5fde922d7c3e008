import { hasBinary, runTool } from "./ffmpeg.js";

/**
 * The real length of a recording in whole seconds, or undefined when it cannot
 * be decoded (or ffmpeg is missing). MediaRecorder WebM carries no duration in
 * its header, so the container is not trusted: the audio is decoded to the
 * null muxer and the last reported output time is the length.
 */
export async function probeDurationSeconds(path: string, signal?: AbortSignal): Promise<number | undefined> {
  if (!hasBinary("ffmpeg")) return undefined;
  try {
    const seconds = await probeExactSeconds(path, signal);
    return seconds === undefined ? undefined : Math.round(seconds);
  } catch {
    return undefined;
  }
}

/** Exact (unrounded) length, for callers that must plan by time, such as splitting. */
export async function probeExactSeconds(path: string, signal?: AbortSignal): Promise<number | undefined> {
  const { stdout } = await runTool(
    "ffmpeg",
    ["-nostdin", "-hide_banner", "-loglevel", "error", "-nostats", "-i", path, "-vn", "-f", "null", "-progress", "pipe:1", "-"],
    signal,
  );
  return lastOutTimeSeconds(stdout);
}

function lastOutTimeSeconds(progress: string): number | undefined {
  // `-progress` prints key=value blocks; out_time_us is microseconds (out_time_ms is too, despite its name).
  const matches = [...progress.matchAll(/^out_time_us=(\d+)$/gm)];
  const last = matches[matches.length - 1];
  if (!last) return undefined;
  const us = Number(last[1]);
  return Number.isFinite(us) && us > 0 ? us / 1e6 : undefined;
}
