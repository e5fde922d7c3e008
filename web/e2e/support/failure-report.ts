import type { BrowserContext, Page } from "playwright-core";

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
  const text = await page
    .evaluate(() => document.body?.innerText ?? "")
    .then((t) => t.replace(/\s+\n/g, "\n").slice(0, 1500))
    .catch((error: unknown) => `(no text: ${String(error)})`);
  const controlled = await page.evaluate(() => navigator.serviceWorker?.controller !== null).catch(() => "unknown");
  return [
    `--- page ${page.url()} (service worker in control: ${controlled})`,
    text,
    ...(logs.get(page) ?? []).map((line) => `  ${line}`),
  ].join("\n");
}

/** Prints every open page's report (see above); the e2e setup file calls it when a journey fails. */
export async function reportOpenPages(): Promise<void> {
  const pages = [...contexts].flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  if (pages.length === 0) return;
  const reports = await Promise.all(pages.map(describePage));
  console.log(`[e2e] the open pages when the journey failed:\n${reports.join("\n")}`);
}
