import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { signIn } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] offline journey skipped: ${missing}`);

describe.skipIf(missing !== null)("the installed app shell offline", () => {
  const baseUrl = inject("baseUrl");
  let user: TestUser;
  let browser: Browser | undefined;

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "offline");
    await apiAs(baseUrl, user).createCollection({ name: "Field Notes", primaryColor: "#059669", isDefault: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("reopens signed in with no network at a collection, at / and at /collections, from the precached shell and the cached session", async () => {
    const context = browser!.context;
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/field-notes`);
    await page.getByTestId("current-collection").getByText("Field Notes", { exact: true }).waitFor();

    // The production build registers the service worker; wait until it controls the page.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // The journal the page showed is saved for offline use (throttled writes: wait for it).
    await page.waitForFunction(() => (localStorage.getItem("voice-journal.query-cache") ?? "").includes("Field Notes"));
    await context.setOffline(true);
    try {
      // A deep link opens from the precached shell with the cached session; the header and navigator draw.
      await page.goto(`${baseUrl}/field-notes?view=week`);
      await page.getByRole("button", { name: "Account" }).waitFor();
      await page.getByTestId("period-headline").getByText("This Week", { exact: true }).waitFor();

      // "/" opens the home collection, and /collections lists it, from the same cache.
      await page.goto(`${baseUrl}/`);
      await page.waitForURL(`${baseUrl}/field-notes`);
      await page.getByTestId("current-collection").getByText("Field Notes", { exact: true }).waitFor();
      await page.goto(`${baseUrl}/collections`);
      await page.getByRole("heading", { name: "Voice Collections" }).waitFor();
      await page.getByRole("main").getByText("Field Notes", { exact: true }).waitFor();
    } finally {
      await context.setOffline(false);
    }
  });
});
