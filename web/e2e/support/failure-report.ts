import type { BrowserContext, Page } from "playwright-core";
import { OUTBOX_ROWS_EXPRESSION } from "./outbox-rows";

/**
 * What each open Chromium page showed when a journey failed: its address, its text and the last
 * things it logged, printed with the failure. A journey that fails once in a CI run then says
 * which screen it was on (a loading screen, sign-in, an error) instead of only which wait ran out.
 */
const contexts = new Set<BrowserContext>();
const logs = new WeakMap<Page, string[]>();
const KEPT_LINES = 30;

function keep(page: Page, line: string) {
  const lines = logs.get(page) ?? [];
  lines.push(line);
  if (lines.length > KEPT_LINES) lines.shift();
  logs.set(page, lines);
}

function watchPage(page: Page) {
  page.on("console", (message) => keep(page, `console.${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => keep(page, `pageerror: ${error.message}`));
  page.on("requestfailed", (request) => keep(page, `requestfailed: ${request.url()} ${request.failure()?.errorText ?? ""}`));
}

/** Called by launchBrowser: the context's pages are reported if a journey fails while it is open. */
export function watchContext(context: BrowserContext): () => void {
  contexts.add(context);
  context.pages().forEach(watchPage);
  context.on("page", watchPage);
  return () => contexts.delete(context);
}

async function describePage(page: Page): Promise<string> {
  // Any dialog open (the recording panel is one), then the screen's main part.
  const text = await page
    .evaluate(() => [...document.querySelectorAll("[role=dialog], [role=alertdialog]"), document.querySelector("main") ?? document.body].map((el) => (el as HTMLElement | null)?.innerText ?? "").join("\n---\n"))
    .then((t) => t.replace(/\s+\n/g, "\n").slice(0, 1500))
    .catch((error: unknown) => `(no text: ${String(error)})`);
  const controlled = await page.evaluate(() => navigator.serviceWorker?.controller !== null).catch(() => "unknown");
  const outbox = await page.evaluate<string>(OUTBOX_ROWS_EXPRESSION).catch((error: unknown) => `(not read: ${String(error)})`);
  return [
    `--- page ${page.url()} (service worker in control: ${controlled})`,
    text,
    "outbox:",
    outbox,
    ...(logs.get(page) ?? []).map((line) => `  ${line}`),
  ].join("\n");
}

/** The journey running now, as the e2e setup file hands it over; and the last one reported. */
let current: { result?: { state?: string } } | undefined;
let reported: unknown;

export function watchJourney(task: { result?: { state?: string } }): void {
  current = task;
}

/**
 * Reports the open pages once per failed journey: from launchBrowser's close when the journey has
 * failed (a suite's afterEach closes its browser before vitest calls onTestFailed), and from the
 * setup file's onTestFailed for a browser still open then.
 */
export async function reportIfFailed(): Promise<void> {
  if (current?.result?.state !== "fail" || reported === current) return;
  reported = current;
  await reportOpenPages();
}

/** Prints every open page's report (see above). */
async function reportOpenPages(): Promise<void> {
  const pages = [...contexts].flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  if (pages.length === 0) return;
  const reports = await Promise.all(pages.map(describePage));
  console.log(`[e2e] the open pages when the journey failed:\n${reports.join("\n")}`);
}
