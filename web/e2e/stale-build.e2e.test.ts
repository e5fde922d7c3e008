import { afterEach, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser } from "./support/api";
import { chooseMenuItem, openAccountMenu } from "./support/menus";
import { signIn } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] stale build journey skipped: ${missing}`);

describe.skipIf(missing !== null)("a tab opened before a deploy, in Chromium", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser | undefined;

  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  // The router's own code for a screen, or only the code its sections load (the screen's own was
  // fetched before the deploy, as a hover over its link does).
  it.each([
    { replaced: "the screen's code", fetchedBefore: (_url: string) => false },
    { replaced: "the code its sections load", fetchedBefore: (url: string) => /\/assets\/settings-[^/]+\.js$/.test(url) },
  ])("opens a screen whose code a deploy replaced ($replaced) by reloading once, not with the error screen", async ({ fetchedBefore }) => {
    const user = await signUpUser(baseUrl, "stale-build");
    await apiAs(baseUrl, user).createCollection({ name: "Deploys", primaryColor: "#4338ca", isDefault: true });
    // No service worker: its precache would answer for the old build and hide the deploy.
    browser = await launchBrowser({ serviceWorkers: "block" });
    const page = await browser.context.newPage();
    const loadedBefore = new Set<string>();
    page.on("request", (request) => loadedBefore.add(request.url()));
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/deploys`);
    await page.getByRole("button", { name: "Start recording", exact: true }).waitFor();

    // The deploy: code this tab has not loaded yet is no longer on the server under its old name,
    // until the page is loaded afresh and gets the new build (here: the same names, served again).
    const before = new Set(loadedBefore);
    const gone: string[] = [];
    let newBuild = false;
    page.on("request", (request) => {
      if (request.isNavigationRequest()) newBuild = true;
    });
    await page.route(/\/assets\/[^/?]+\.(js|css)$/, async (route) => {
      const url = route.request().url();
      if (newBuild || before.has(url) || fetchedBefore(url)) return route.fallback();
      gone.push(url);
      await route.fulfill({ status: 404, contentType: "text/plain", body: "Not found" });
    });
    let loads = 0;
    page.on("load", () => loads++);

    await openAccountMenu(page);
    await chooseMenuItem(page, "Settings");
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor({ timeout: 30_000 });
    // Whole: a section whose code loads with the screen is there too.
    await page.getByRole("button", { name: "Create token" }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe("/settings");
    // Its code was refused once, and the page loaded once more for it.
    expect(gone.length).toBeGreaterThan(0);
    expect(loads).toBe(1);
    expect(await page.getByText("Something went wrong").count()).toBe(0);
  });
});
