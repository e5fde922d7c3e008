import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { CHROMIUM_FLAGS } from "../scripts/chromium-flags.mjs";
import { reportIfFailed, watchContext } from "./support/failure-report";
import { JOURNEY_TZ } from "./support/journey-day";

// Debian's Chromium (playwright-core never downloads a browser here); CHROMIUM_PATH points elsewhere.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export function chromiumMissingReason(): string | null {
  return fs.existsSync(CHROMIUM_PATH) ? null : `${CHROMIUM_PATH} is not installed (apt-get install chromium)`;
}

export type Browser = { context: BrowserContext; close(): Promise<void> };

export type LaunchOptions = {
  /**
   * "block" for suites that use page.route: a request the service worker forwards is never seen
   * by page.route, so once the worker controls the page a routed failure silently goes to the
   * real server (the cause of the flaky sign-out test).
   */
  serviceWorkers?: "allow" | "block";
  /** Extra Chromium switches, e.g. the fake microphone. */
  args?: string[];
  /** The journeys' own zone unless a journey is about another (support/journey-day.ts). */
  timezoneId?: string;
  /** false: the page as a browser without JavaScript (or before it loads) shows it. */
  javaScriptEnabled?: boolean;
};

/** A fresh profile per call, so no cookie, storage or service worker leaks between suites. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "vj-e2e-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: options.serviceWorkers ?? "allow",
    timezoneId: options.timezoneId ?? JOURNEY_TZ,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    args: [
      ...(options.args ?? []),
      ...CHROMIUM_FLAGS,
    ],
  });
  const unwatch = watchContext(context);
  // Every Content-Security-Policy violation a page reports is kept, so screens can assert there was none.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return {
    context,
    async close() {
      // Closed by a failed journey's afterEach: what its pages showed is printed first.
      await reportIfFailed();
      unwatch();
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
