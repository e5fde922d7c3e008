import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createNetns, netnsMissingReason, type NetNamespace } from "./netns";
import { JOURNEY_TZ } from "../support/journey-day";
import { startRelay, type Relay } from "./relay";
import { fitViewport, type EngineSession } from "./session";
import { startXvfb, XVFB_PATH, type Display } from "./xvfb";

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH || "/usr/bin/WebKitWebDriver";
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** GStreamer's AAC encoder: without it WebKitGTK's MediaRecorder supports no type at all (MP4/AAC is its only one). */
const AAC_ENCODER_PATH = "/usr/lib/x86_64-linux-gnu/gstreamer-1.0/libgstvoaacenc.so";

export function webkitMissingReason(): string | null {
  for (const [file, pkg] of [
    [WEBKIT_DRIVER_PATH, "webkit2gtk-driver"],
    [MINIBROWSER_PATH, "libwebkit2gtk-4.1-0"],
    [AAC_ENCODER_PATH, "gstreamer1.0-plugins-bad"],
    [XVFB_PATH, "xvfb"],
  ]) {
    if (!fs.existsSync(file!)) return `${file} is not installed (apt-get install ${pkg})`;
  }
  return netnsMissingReason();
}

/** Inside the namespace: where the page finds the app, and where WebKitWebDriver listens. */
const APP_PORT = 8080;
const DRIVER_PORT = 4444;

type Reply = { value: unknown };

/** One W3C WebDriver command over the Unix socket that reaches WebKitWebDriver in its namespace. */
function command(socketPath: string, method: string, url: string, body?: unknown): Promise<unknown> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath, method, path: url, headers: payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {} },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (d) => (text += d)).on("end", () => {
          const reply = JSON.parse(text || "{}") as Reply;
          const value = reply.value as { error?: string; message?: string } | null;
          if ((res.statusCode ?? 500) >= 400) reject(new Error(`WebDriver ${method} ${url}: ${value?.error}: ${value?.message}`));
          else resolve(reply.value);
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function waitForSocket(socketPath: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}): ${log()}`);
    try {
      await command(socketPath, "GET", "/status");
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`WebKitWebDriver did not answer: ${log()}`);
}

/**
 * WebKitGTK's MiniBrowser under Xvfb, driven by WebKitWebDriver, both in a network namespace of
 * their own; the page reaches the API at http://127.0.0.1:8080 (a secure context) through a relay.
 */
export async function launchWebKit(apiBaseUrl: string): Promise<EngineSession & { appUrl: string; relay: Relay }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-e2e-webkit-"));
  const cleanups: Array<() => Promise<unknown> | unknown> = [() => fs.rmSync(dir, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await Promise.resolve(step()).catch(() => undefined);
  };
  try {
    const display: Display = await startXvfb();
    cleanups.push(() => display.stop());
    const relay = await startRelay(Number(new URL(apiBaseUrl).port), { path: path.join(dir, "app.sock") });
    cleanups.push(() => relay.close());
    const ns: NetNamespace = createNetns();
    cleanups.push(() => ns.remove());
    const driverSock = path.join(dir, "driver.sock");

    let output = "";
    const run = (argv: string[]) => {
      const child = spawn(argv[0]!, argv.slice(1), {
        stdio: ["ignore", "pipe", "pipe"],
        // TZ: the journeys' zone (support/journey-day.ts), as the Chromium journeys' pages have it.
        env: { ...process.env, DISPLAY: display.display, WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS: "1", HOME: dir, XDG_RUNTIME_DIR: dir, TZ: JOURNEY_TZ },
      });
      child.stdout!.on("data", (d) => (output = (output + d).slice(-4000)));
      child.stderr!.on("data", (d) => (output = (output + d).slice(-4000)));
      cleanups.push(async () => {
        if (child.exitCode !== null) return;
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      });
      return child;
    };
    const pipe = run([...ns.exec, process.execPath, path.join(import.meta.dirname, "netns-pipe.mjs"),
      `tcp:${APP_PORT}`, `unix:${relay.address}`, `unix:${driverSock}`, `tcp:${DRIVER_PORT}`]);
    const driver = run([...ns.exec, WEBKIT_DRIVER_PATH, `--port=${DRIVER_PORT}`]);
    await waitForSocket(driverSock, driver, () => output);
    void pipe;

    const created = (await command(driverSock, "POST", "/session", {
      capabilities: {
        alwaysMatch: {
          "webkitgtk:browserOptions": {
            binary: MINIBROWSER_PATH,
            args: ["--automation", "--enable-mock-capture-devices=true", "--enable-media-stream=true"],
          },
        },
      },
    })) as { sessionId: string };
    const base = `/session/${created.sessionId}`;
    const cmd = (method: string, url: string, body?: unknown) => command(driverSock, method, `${base}${url}`, body);

    const session: EngineSession = {
      engine: "webkit",
      navigate: async (url) => void (await cmd("POST", "/url", { url })),
      execute: async <T>(body: string, args: unknown[] = []) => (await cmd("POST", "/execute/sync", { script: body, args })) as T,
      executeAsync: async <T>(body: string, args: unknown[] = []) => (await cmd("POST", "/execute/async", { script: body, args })) as T,
      currentUrl: async () => (await cmd("GET", "/url")) as string,
      refresh: async () => void (await cmd("POST", "/refresh", {})),
      screenshot: async () => Buffer.from((await cmd("GET", "/screenshot")) as string, "base64"),
      setViewport: (width, height) => fitViewport(session, async (w, h) => void (await cmd("POST", "/window/rect", { width: w, height: h })), width, height),
      async setOffline(offline) {
        relay.cut(offline);
        ns.setDefaultRoute(!offline);
      },
      async close() {
        await cmd("DELETE", "").catch(() => undefined);
        await cleanup();
      },
    };
    await session.execute("return 1").catch((err) => { throw new Error(`${err}: ${output}`); });
    return Object.assign(session, { appUrl: `http://127.0.0.1:${APP_PORT}`, relay });
  } catch (err) {
    await cleanup();
    throw err;
  }
}
