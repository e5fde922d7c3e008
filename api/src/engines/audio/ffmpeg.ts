import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** A tool exited non-zero, was missing, or was aborted; `stderr` is kept for the message. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly stderr = "",
    readonly aborted = false,
  ) {
    super(message);
  }
}

/** Whether an executable is on PATH (no spawn: checked once at start-up and in tests). */
export function hasBinary(name: string, envPath = process.env.PATH ?? ""): boolean {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}

/**
 * Runs a command to completion and collects its output. Output is capped so a
 * chatty tool cannot grow memory without bound (the tail of stderr holds the error).
 */
export function runTool(cmd: string, args: string[], signal?: AbortSignal, maxOutput = 1 << 20): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ToolError(`${cmd} aborted`, "", true));
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], signal });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      if (stdout.length < maxOutput) stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr = (stderr + d).slice(-maxOutput);
    });
    child.on("error", (err: NodeJS.ErrnoException) => {
      if (err.name === "AbortError") reject(new ToolError(`${cmd} aborted`, stderr, true));
      else if (err.code === "ENOENT") reject(new ToolError(`${cmd} is not installed (not found on PATH)`));
      else reject(new ToolError(`${cmd} failed to start: ${err.message}`, stderr));
    });
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else if (!signal?.aborted) reject(new ToolError(`${cmd} exited with code ${code}: ${withoutDirs(lastLine(stderr), args)}`, stderr));
    });
  });
}

/** ffmpeg quiet and non-interactive; callers add inputs and outputs. */
export function runFfmpeg(args: string[], signal?: AbortSignal): Promise<RunResult> {
  return runTool("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", ...args], signal);
}

/** Decodes any input ffmpeg understands to 16 kHz mono 16-bit PCM WAV (what speech recognisers expect). */
export async function decodeToWav16kMono(input: string, output: string, signal?: AbortSignal): Promise<void> {
  await runFfmpeg(["-y", "-i", input, "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", output], signal);
}

function lastLine(text: string): string {
  const lines = text.trim().split("\n");
  return (lines[lines.length - 1] ?? "").trim() || "no output";
}

/** The message reaches the user (the note's error): file names stay, the server's directories do not. */
function withoutDirs(line: string, args: string[]): string {
  return args
    .filter((a) => path.isAbsolute(a))
    .sort((a, b) => b.length - a.length)
    .reduce((text, file) => text.split(file).join(path.basename(file)), line);
}
