import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import type { Page, Request } from "playwright-core";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser } from "./support/api";
import { scriptOpenAI } from "./support/fake-openai";
import { signIn } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] live update journeys skipped: ${missing}`);

const isEventsStream = (req: Request) => new URL(req.url()).pathname === "/api/events";

// The page hears of a transcript over GET /api/events instead of waiting for a poll;
// where the stream is unavailable the spec's 5 s poll still brings it.
describe.skipIf(missing !== null)("live updates in Chromium", () => {
  const baseUrl = inject("baseUrl");
  const controlUrl = inject("openaiControlUrl");
  let browser: Browser | undefined;
  let page: Page;

  // A fresh profile per journey (each signs in as its own account). page.route must see
  // /api/events: no service worker in between.
  beforeEach(async () => {
    browser = await launchBrowser({ serviceWorkers: "block" });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  afterEach(async () => {
    await scriptOpenAI(controlUrl, { transcriptionText: null, transcriptionDelayMs: 0 });
    await browser?.close();
  });

  it("a note recorded on another device shows up on the open page with its transcript, without a reload, over one stream per tab", async () => {
    const user = await signUpUser(baseUrl, "live");
    const api = apiAs(baseUrl, user);
    const collection = await api.createCollection({ name: "Harbour Log", primaryColor: "#0ea5e9", isDefault: true });
    await scriptOpenAI(controlUrl, { transcriptionText: "The ferry left on time and the harbour was quiet." });
    const streams: Request[] = [];
    page.on("request", (req) => {
      if (isEventsStream(req)) streams.push(req);
    });
    const opened = page.waitForResponse((res) => isEventsStream(res.request()) && res.status() === 200);
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/${collection.slug}`);
    await opened;
    // The page has read its (empty) list of today.
    await page.getByText("No voice notes yet").waitFor();

    // Another device (the API directly) records a note; nothing on this page asks for the list again.
    await api.uploadNote({ domainId: collection.id, title: "Ferry morning" });
    await page.getByText("The ferry left on time and the harbour was quiet.").waitFor({ timeout: 20_000 });
    await page.getByText("Ferry morning", { exact: true }).waitFor();

    // Moving around the signed-in screens keeps the one stream.
    await page.getByRole("link", { name: "Search" }).click();
    await page.waitForURL(/\/search/);
    await page.goBack();
    await page.getByText("Ferry morning", { exact: true }).waitFor();
    expect(streams).toHaveLength(1);
  });

  it("with the stream unavailable, a transcript still arrives by the 5 s poll", async () => {
    const user = await signUpUser(baseUrl, "live-fallback");
    const api = apiAs(baseUrl, user);
    const collection = await api.createCollection({ name: "Slow Engine", primaryColor: "#16a34a", isDefault: true });
    // The page opens its stream a few seconds after it settles, which may be after the poll has
    // already brought the transcript: what matters is that the stream was tried and refused.
    let refused = 0;
    await page.route("**/api/events", (route) => {
      refused++;
      return route.abort();
    });
    // Transcribing when the page first reads the list, so only a later read can bring the text.
    await scriptOpenAI(controlUrl, { transcriptionText: "Words that came by the poll.", transcriptionDelayMs: 6000 });
    await api.uploadNote({ domainId: collection.id, title: "Slow note" });
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/${collection.slug}`);
    await page.getByText("Slow note", { exact: true }).waitFor();
    await page.getByText("Words that came by the poll.").waitFor({ timeout: 30_000 });
    await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThan(0);
  });
});
