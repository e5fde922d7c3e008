// Starts the compiled API (api/dist/main.js, as production runs it: DESIGN §10) serving web/dist,
// on a free loopback port and its own DATA_DIR, and waits until /api/health answers. Shared by the
// browser journeys' global setup and the recorder benchmark.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { apiBuildIsStale, buildApi, outfile } from "../../api/scripts/build.mjs";

const web = path.resolve(import.meta.dirname, "..");

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Builds api/dist when its sources are newer (a no-op otherwise). */
export async function buildApiIfStale() {
  if (apiBuildIsStale()) await buildApi();
}

export async function startCompiledApi(env = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-api-data-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, ["--enable-source-maps", outfile], {
    cwd: web,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const output = () => (child.exitCode === null ? log : `${log}\n(the API exited with ${child.exitCode ?? child.signalCode})`);
  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the API exited with ${child.exitCode} before it was healthy:\n${log}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the API was not healthy within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, dataDir, log: output, stop };
}
