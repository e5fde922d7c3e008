import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

export const XVFB_PATH = "/usr/bin/Xvfb";

export type Display = { display: string; stop(): Promise<void> };

/** A private X server for a headed browser (the MiniBrowser has no headless mode). */
export async function startXvfb(): Promise<Display> {
  // -displayfd: Xvfb picks a free display number and writes it to fd 3 once it accepts clients.
  const child: ChildProcess = spawn(XVFB_PATH, ["-displayfd", "3", "-screen", "0", "1400x1000x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const number = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdio[3]!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("\n")) resolve(out.trim());
    });
    child.once("exit", (code) => reject(new Error(`Xvfb exited (${code}): ${stderr}`)));
  });
  return {
    display: `:${number}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(`/tmp/.X${number}-lock`, { force: true });
    },
  };
}
