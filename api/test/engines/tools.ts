import { execFileSync } from "node:child_process";
import { hasBinary } from "../../src/engines/audio/ffmpeg.js";

/**
 * Suites that need system tools run whenever the tools are there. In CI they
 * always run, so a missing tool fails the build instead of skipping silently.
 */
export function canRun(...binaries: string[]): boolean {
  return process.env.CI === "true" || binaries.every((b) => hasBinary(b));
}

export function ffmpeg(...args: string[]): void {
  execFileSync("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: ["ignore", "ignore", "pipe"] });
}
