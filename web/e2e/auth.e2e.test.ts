import path from "node:path";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { SUPABASE_LOAD_DELAY_MS } from "../src/features/auth/fresh-session";
import { chooseMenuItem, expectSignedInAs, openAccountMenu } from "./support/menus";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] auth journeys skipped: ${missing}`);

const screenshots = path.resolve(import.meta.dirname, "screenshots");
const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

/** A visible toast's text; screen-reader announcements of the same toast live outside the region. */
function toastText(page: Page, text: string) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
}

function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

describe.skipIf(missing !== null)("auth journeys in Chromium against the real API", () => {
  const baseUrl = inject("baseUrl");
  // Fixed (the API's data directory is fresh each run) so the committed screenshots only change when the UI does.
  const existing = { email: "alex@example.com", password: "existing-pass-1" };
  let browser: Browser | undefined;

  async function openPage(): Promise<Page> {
    // These journeys fake server answers with page.route, which cannot see requests a service worker forwards.
    browser = await launchBrowser({ serviceWorkers: "block" });
    return browser.context.pages()[0] ?? (await browser.context.newPage());
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }

  beforeAll(async () => {
    // A user made straight through the auth endpoint, as another device would, so each test starts on its own.
    const res = await fetch(`${baseUrl}/auth/v1/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "public-anon-key" },
      body: JSON.stringify(existing),
    });
    if (!res.ok) throw new Error(`could not create the existing user: ${res.status} ${await res.text()}`);
  });

  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  it("signs up through the page and lands signed in, then logs out and signs in again", async () => {
    const page = await openPage();
    const email = uniqueEmail("signup");
    const password = "brand-new-pass-7";

    await page.goto(`${baseUrl}/auth/signup`);
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Create account" }).click();

    // Sign-up returns a session in the embedded mode, so the spec sends the new user to onboarding.
    await page.waitForURL(`${baseUrl}/onboarding`);
    await expectSignedInAs(page, email);
    // At once: the onboarding page opened on a fresh stored session, so supabase-js has not loaded
    // by itself yet; the sign-out loads it, and the store still hears it.
    await openAccountMenu(page);
    await chooseMenuItem(page, "Logout");

    await page.waitForURL(`${baseUrl}/auth/login`);
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    // Signed out means signed out: a signed-in page now sends us back to sign-in, and "/" is the landing page.
    await page.goto(`${baseUrl}/onboarding`);
    await page.waitForURL(`${baseUrl}/auth/login`);
    await page.goto(`${baseUrl}/`);
    await page.getByRole("link", { name: "Start Recording Now" }).waitFor();

    // Slow the token call a little so the busy label is observable.
    await page.route("**/auth/v1/token**", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await signIn(page, email, password);
    await page.getByRole("button", { name: "Signing in..." }).waitFor();
    // Sign-in goes to "/", which sends a user without any collection on to onboarding.
    await page.waitForURL(`${baseUrl}/onboarding`);
    await expectSignedInAs(page, email);

    // The session survives a reload (persisted by supabase-js and cached for offline use).
    await page.reload();
    await expectSignedInAs(page, email);
    const cached = await page.evaluate(() => localStorage.getItem("voice-journal.session"));
    expect(JSON.parse(cached ?? "{}").access_token).toEqual(expect.any(String));
  });

  it("follows a sign-out in another tab at once, in a tab that opened before supabase-js loaded", async () => {
    const first = await openPage();
    await signIn(first, existing.email, existing.password);
    await first.waitForURL((url) => !url.pathname.startsWith("/auth/"));
    await expectSignedInAs(first, existing.email);
    // A second tab opens on the stored session: there supabase-js loads only seconds after the
    // first screen, so it was not there to hear the other tab's sign-out itself.
    const second = await browser!.context.newPage();
    await second.goto(`${baseUrl}/`);
    await second.getByRole("button", { name: "Account" }).waitFor();

    await openAccountMenu(first);
    await chooseMenuItem(first, "Logout");
    await first.waitForURL(`${baseUrl}/auth/login`);
    // Well before supabase-js would have loaded by itself.
    await second.waitForURL(`${baseUrl}/auth/login`, { timeout: SUPABASE_LOAD_DELAY_MS / 2 });
    await second.getByRole("heading", { name: "Welcome back" }).waitFor();
  });

  it("shows the spec's toast for a wrong password and stays on sign-in", async () => {
    const page = await openPage();
    await signIn(page, existing.email, "not-the-password");
    await toastText(page, "Invalid email or password. Please check your credentials and try again.").waitFor();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/login");
  });

  it("still shows the toast when the toasts' code did not arrive at first, and never the error screen", async () => {
    const page = await openPage();
    // The connection drops just as the toasts' chunk is fetched (a first visit: nothing cached yet).
    let fetched = 0;
    await page.route(/\/assets\/toaster-[\w-]+\.js$/, (route) => (++fetched === 1 ? route.abort("internetdisconnected") : route.fallback()));
    await signIn(page, existing.email, "not-the-password");
    await toastText(page, "Invalid email or password. Please check your credentials and try again.").waitFor();
    expect(fetched).toBeGreaterThanOrEqual(2);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(await page.getByText("Something went wrong").count()).toBe(0);
  });

  it("keeps the user signed in and shows the spec's toast when signing out fails", async () => {
    const page = await openPage();
    await signIn(page, existing.email, existing.password);
    await page.waitForURL(`${baseUrl}/onboarding`);
    await page.route("**/auth/v1/logout**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ code: 500, error_code: "unexpected_failure", msg: "down" }) }),
    );
    await openAccountMenu(page);
    await chooseMenuItem(page, "Logout");
    await toastText(page, "Error signing out").waitFor();
    await toastText(page, "There was an error signing out. Please try again.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/onboarding");
    await expectSignedInAs(page, existing.email);
  });

  it("refuses mismatched passwords with the spec's toast and creates no account", async () => {
    const page = await openPage();
    const email = uniqueEmail("mismatch");
    await page.goto(`${baseUrl}/auth/signup`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("first-pass-1");
    await page.getByLabel("Confirm password", { exact: true }).fill("second-pass-2");
    await page.getByRole("button", { name: "Create account" }).click();
    await toastText(page, "Passwords don't match").waitFor();
    await toastText(page, "Please make sure both passwords are the same.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/signup");

    // Nothing was sent: that e-mail still cannot sign in with either password.
    await signIn(page, email, "first-pass-1");
    await toastText(page, "Invalid email or password. Please check your credentials and try again.").waitFor();
  });

  it("sends visitors to sign-in and shows signed-in users a 404 for unknown paths", async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/some/deep/path`);
    await page.waitForURL(`${baseUrl}/auth/login`);
    await page.goto(`${baseUrl}/work`);
    await page.waitForURL(`${baseUrl}/auth/login`);

    await signIn(page, existing.email, existing.password);
    await page.waitForURL(`${baseUrl}/onboarding`);
    await page.goto(`${baseUrl}/some/deep/path`);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.getByText("Path: /some/deep/path").waitFor();
    // Signed in, the sign-in page is not for us any more ("/" then sends this user on to onboarding).
    await page.goto(`${baseUrl}/auth/login`);
    await page.waitForURL(`${baseUrl}/onboarding`);
  });

  it("renders sign-in and sign-up at desktop and phone sizes", async () => {
    const page = await openPage();
    for (const [size, viewport] of Object.entries(sizes)) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl}/auth/login`);
      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      await page.screenshot({ path: path.join(screenshots, `login-${size}.png`), fullPage: true });
      await page.goto(`${baseUrl}/auth/signup`);
      await page.getByRole("heading", { name: "Create an account" }).waitFor();
      await page.screenshot({ path: path.join(screenshots, `signup-${size}.png`), fullPage: true });
    }
    await signIn(page, existing.email, "not-the-password");
    await toastText(page, "Invalid email or password. Please check your credentials and try again.").waitFor();
    await page.waitForTimeout(400); // let the entry animation finish
    await page.screenshot({ path: path.join(screenshots, "login-error-toast-mobile.png"), fullPage: true });
    // The phone layout must not scroll sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
