import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

const apiRoot = path.resolve(import.meta.dirname, "../..");

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Every structured log line the process printed. */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/**
 * The API as a real operating-system process (`node --import tsx src/main.ts`), for
 * tests that kill it or run several side by side. Resolves once it is listening.
 */
export async function spawnApi(
  env: Record<string, string>,
  /** What node runs: the TypeScript sources by default, or the compiled server (["dist/main.js"]). */
  args: string[] = ["--import", "tsx", "src/main.ts"],
): Promise<ApiProcess> {
  const child = spawn(process.execPath, args, {
    cwd: apiRoot,
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: a loaded 2-core machine can take tens of seconds to start PGlite.
    const timer = setTimeout(() => reject(new Error(`API did not start in 180 s:\n${stderr}`)), 180_000);
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (entry.msg === "listening") {
          clearTimeout(timer);
          resolve(String(entry.url));
        }
      } catch {
        // not a log line
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`API exited (${code}) before listening:\n${stderr}`));
    });
  });
  return { url, child, logs, exited };
}
