import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { CHROMIUM_PATH, chromiumMissingReason } from "./chromium";
import { startScriptedOpenAI } from "./support/fake-openai";

const web = path.resolve(import.meta.dirname, "..");
const dist = path.join(web, "dist");

declare module "vitest" {
  export interface ProvidedContext {
    /** The API serving the built app: transcription by the scripted OpenAI server, summaries by the offline extractive engine. */
    baseUrl: string;
    /** A second API on its own data whose summaries also come from the scripted OpenAI server. */
    openaiSummaryBaseUrl: string;
    /** POST /script here to change what the OpenAI test server answers (see support/fake-openai.ts). */
    openaiControlUrl: string;
  }
}

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds web/dist when it is missing or older than anything it is built from. */
async function buildIfStale(): Promise<void> {
  const index = path.join(dist, "index.html");
  const sources = ["src", "public", "index.html", "vite.config.ts", "package.json"].map((p) => path.join(web, p));
  const newestSource = Math.max(...sources.map(newestMtime));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= newestSource) return;
  console.log("[e2e] building web/dist");
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build and skip the service worker.
  const child = spawn(process.execPath, [path.join(web, "node_modules/vite/bin/vite.js"), "build"], {
    cwd: web,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`vite build failed (exit ${code})`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode} before it was healthy:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API not healthy within 60 s:\n${output()}`);
}

type RunningApi = { baseUrl: string; stop(): Promise<void> };

async function startApi(name: string, env: Record<string, string>): Promise<RunningApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-e2e-data-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const api = spawn(process.execPath, ["--import", "tsx", path.resolve(web, "../api/src/main.ts")], {
    cwd: web,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_DIST: dist,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  api.stdout?.on("data", keep);
  api.stderr?.on("data", keep);
  try {
    await waitForHealth(baseUrl, api, () => log);
  } catch (err) {
    api.kill("SIGTERM");
    throw err;
  }
  console.log(`[e2e] ${name} API on ${baseUrl} (data ${dataDir})`);
  return {
    baseUrl,
    async stop() {
      if (api.exitCode === null) {
        const exited = new Promise((resolve) => api.once("exit", resolve));
        api.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (api.exitCode === null && api.signalCode === null) api.kill("SIGKILL");
      }
      if (log.trim()) console.log(`[e2e] ${name} API output:\n${log}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  const missing = chromiumMissingReason();
  if (missing) {
    if (process.env.CI === "true") throw new Error(`E2E cannot run in CI: ${missing}`);
    // The suites skip themselves and print the reason; no API needed.
    project.provide("baseUrl", "");
    project.provide("openaiSummaryBaseUrl", "");
    project.provide("openaiControlUrl", "");
    return;
  }

  await buildIfStale();
  const openai = await startScriptedOpenAI();
  const engines = { OPENAI_API_KEY: "sk-e2e-test", OPENAI_BASE_URL: openai.server.baseURL, TRANSCRIBE_ENGINE: "openai" };
  const started: RunningApi[] = [];
  try {
    started.push(await startApi("main", { ...engines, SUMMARY_ENGINE: "extractive" }));
    started.push(await startApi("openai-summaries", { ...engines, SUMMARY_ENGINE: "openai" }));
  } catch (err) {
    await Promise.all(started.map((api) => api.stop()));
    await openai.close();
    throw err;
  }
  const [main, openaiSummaries] = started as [RunningApi, RunningApi];
  console.log(`[e2e] browser ${CHROMIUM_PATH}; OpenAI test server ${openai.server.baseURL}`);
  project.provide("baseUrl", main.baseUrl);
  project.provide("openaiSummaryBaseUrl", openaiSummaries.baseUrl);
  project.provide("openaiControlUrl", openai.controlUrl);

  return async () => {
    await Promise.all(started.map((api) => api.stop()));
    await openai.close();
  };
}
