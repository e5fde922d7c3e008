import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] offline journey skipped: ${missing}`);

describe.skipIf(missing !== null)("the installed app shell offline", () => {
  const baseUrl = inject("baseUrl");
  const user = { email: "offline@example.com", password: "offline-pass-1" };
  let browser: Browser | undefined;

  beforeAll(async () => {
    const res = await fetch(`${baseUrl}/auth/v1/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "public-anon-key" },
      body: JSON.stringify(user),
    });
    if (!res.ok) throw new Error(`could not create the user: ${res.status} ${await res.text()}`);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("reopens signed in with no network, from the precached shell and the cached session", async () => {
    const context = browser!.context;
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId("user-email").getByText(user.email, { exact: true }).waitFor();

    // The production build registers the service worker; wait until it controls the page.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    try {
      await page.goto(`${baseUrl}/some-collection`);
      await page.getByTestId("user-email").getByText(user.email, { exact: true }).waitFor();
      await page.getByRole("button", { name: "Logout" }).waitFor();
    } finally {
      await context.setOffline(false);
    }
  });
});
