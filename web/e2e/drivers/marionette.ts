import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { JOURNEY_TZ } from "../support/journey-day";
import { startRelay, type Relay } from "./relay";
import { fitViewport, type EngineSession } from "./session";

export const FIREFOX_PATH = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";

export function firefoxMissingReason(): string | null {
  return fs.existsSync(FIREFOX_PATH) ? null : `${FIREFOX_PATH} is not installed (apt-get install firefox-esr)`;
}

/** Prefs of the journey profile: Marionette on a known port, a fake microphone, a real offline mode. */
function userJs(port: number): string {
  const prefs: Record<string, unknown> = {
    "marionette.port": port,
    "media.navigator.streams.fake": true,
    "media.navigator.permission.disabled": true,
    // Offline means offline for 127.0.0.1 too, and only the journey switches it.
    "network.disable-localhost-when-offline": true,
    "network.manage-offline-status": false,
    // The phone-size zoom (see setViewport) stays when the app changes its URL in place.
    "browser.zoom.siteSpecific": false,
    "browser.shell.checkDefaultBrowser": false,
    "datareporting.policy.dataSubmissionEnabled": false,
    "app.update.disabledForTesting": true,
    "browser.startup.homepage_override.mstone": "ignore",
  };
  return Object.entries(prefs).map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});\n`).join("");
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

const BROWSER = `Services.wm.getMostRecentWindow("navigator:browser").gBrowser.selectedBrowser`;

/** Marionette's framing: `length:json`, commands [0, id, name, params], replies [1, id, error, result]. */
class MarionetteClient {
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private greeted!: Promise<void>;

  constructor(private socket: net.Socket) {
    let greet: () => void;
    this.greeted = new Promise((r) => (greet = r));
    socket.on("data", (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      for (;;) {
        const colon = this.buffer.indexOf(":");
        if (colon < 0) return;
        const length = Number(this.buffer.subarray(0, colon).toString());
        if (this.buffer.length < colon + 1 + length) return;
        const message = JSON.parse(this.buffer.subarray(colon + 1, colon + 1 + length).toString());
        this.buffer = this.buffer.subarray(colon + 1 + length);
        if (!Array.isArray(message)) greet();
        else {
          const [, id, error, result] = message as [number, number, { error: string; message: string } | null, unknown];
          const waiter = this.pending.get(id);
          this.pending.delete(id);
          if (error) waiter?.reject(new Error(`Marionette: ${error.error}: ${error.message}`));
          else waiter?.resolve(result);
        }
      }
    });
    socket.on("close", () => {
      for (const waiter of this.pending.values()) waiter.reject(new Error("Marionette connection closed"));
      this.pending.clear();
    });
  }

  ready(): Promise<void> {
    return this.greeted;
  }

  send(name: string, params: unknown = {}): Promise<unknown> {
    const id = this.nextId++;
    const body = Buffer.from(JSON.stringify([0, id, name, params]));
    this.socket.write(`${body.length}:`);
    this.socket.write(body);
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }
}

async function connect(port: number, isAlive: () => boolean): Promise<net.Socket> {
  for (let i = 0; i < 300; i++) {
    if (!isAlive()) throw new Error("Firefox exited before Marionette listened");
    const socket = await new Promise<net.Socket | null>((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      s.once("connect", () => resolve(s));
      s.once("error", () => resolve(null));
    });
    if (socket) return socket;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("Marionette did not listen");
}

/**
 * Headless Firefox ESR with a fresh profile, driven over Marionette. The page reaches the API
 * through a relay (so a journey can cut the server); offline is Firefox's own (Services.io.offline).
 */
export async function launchFirefox(apiBaseUrl: string): Promise<EngineSession & { appUrl: string; relay: Relay }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "vj-e2e-firefox-"));
  const port = await freePort();
  fs.writeFileSync(path.join(profile, "user.js"), userJs(port));
  const relay = await startRelay(Number(new URL(apiBaseUrl).port), { port: 0 });
  let output = "";
  const child = spawn(FIREFOX_PATH, ["-headless", "--window-size=390,844", "-no-remote", "-marionette", "-remote-allow-system-access", "-profile", profile], {
    stdio: ["ignore", "pipe", "pipe"],
    // TZ: the journeys' zone (support/journey-day.ts), as the Chromium journeys' pages have it.
    env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: "1", TZ: JOURNEY_TZ },
  });
  child.stdout!.on("data", (d) => (output = (output + d).slice(-4000)));
  child.stderr!.on("data", (d) => (output = (output + d).slice(-4000)));
  const cleanup = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    await relay.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  try {
    const client = new MarionetteClient(await connect(port, () => child.exitCode === null));
    await client.ready();
    await client.send("WebDriver:NewSession", { capabilities: { alwaysMatch: { "moz:webdriverClick": true } } });
    /** A script in the browser's privileged chrome context (needs -remote-allow-system-access). */
    const chrome = async (script: string) => {
      await client.send("Marionette:SetContext", { value: "chrome" });
      try {
        await client.send("WebDriver:ExecuteScript", { script, args: [] });
      } finally {
        await client.send("Marionette:SetContext", { value: "content" });
      }
    };
    const value = async <T>(name: string, params?: unknown) => ((await client.send(name, params)) as { value: T }).value;
    const session: EngineSession = {
      engine: "firefox",
      navigate: async (url) => void (await client.send("WebDriver:Navigate", { url })),
      execute: (script, args = []) => value("WebDriver:ExecuteScript", { script, args }),
      executeAsync: (script, args = []) => value("WebDriver:ExecuteAsyncScript", { script, args }),
      currentUrl: () => value<string>("WebDriver:GetCurrentURL"),
      refresh: async () => void (await client.send("WebDriver:Refresh")),
      screenshot: async () => Buffer.from(await value<string>("WebDriver:TakeScreenshot", { full: false, hash: false }), "base64"),
      async setViewport(width, height) {
        const rect = async (w: number, h: number) => void (await client.send("WebDriver:SetWindowRect", { width: w, height: h }));
        await chrome(`${BROWSER}.fullZoom = 1;`);
        await fitViewport(session, rect, width, height);
        const innerWidth = await session.execute<number>("return window.innerWidth");
        if (innerWidth <= width) return;
        // A window has a minimum width (500 px headless): zoom the page so its viewport is a phone's.
        let scale = innerWidth / width;
        for (let i = 0; i < 3; i++) {
          await chrome(`${BROWSER}.fullZoom = ${scale};`);
          await fitViewport(session, rect, width, height, scale);
          const zoomed = await session.execute<number>("return window.innerWidth");
          if (zoomed === width) return;
          scale *= zoomed / width;
        }
      },
      async setOffline(offline) {
        // Firefox's offline mode, and the relay closed too, so not even a cached connection gets through.
        relay.cut(offline);
        await chrome(`Services.io.offline = ${offline};`);
      },
      async close() {
        await client.send("Marionette:Quit").catch(() => undefined);
        await cleanup();
      },
    };
    return Object.assign(session, { appUrl: `http://127.0.0.1:${relay.address}`, relay });
  } catch (err) {
    await cleanup();
    throw new Error(`${err}\n${output}`);
  }
}
