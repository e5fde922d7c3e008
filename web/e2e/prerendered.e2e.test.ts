import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { signUpUser } from "./support/api";
import { cspViolations, expectAccessible, SCREENSHOTS, signIn, SIZES, toastText } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] prerendered-page journeys skipped: ${missing}`);

// The visitor pages are prerendered at build time (web/scripts/prerender-pages.mjs).
const PAGES = [
  { path: "/", heading: "Speak your thoughts. Keep every insight.", more: ["One journal for every part of your life", "How it works", "Get Started Free"], shot: "landing-no-js" },
  { path: "/auth/login", heading: "Welcome back", more: ["Sign in to your account to continue journaling", "Don't have an account?"], shot: "login-no-js" },
  { path: "/auth/signup", heading: "Create an account", more: ["Start journaling with your voice", "Already have an account?"], shot: "signup-no-js" },
] as const;

/**
 * Recorded in the page from its first byte: whether any DOM change left the page without a main
 * heading (a frame without the page), whether the landing page's heading was ever shown, and the
 * layout shifts.
 */
function recordPaintedStates() {
  const state = { headinglessMutation: false, landingShown: false, shift: 0, shifted: [] as string[], takenOver: false, seen: false };
  (window as unknown as { __paint: typeof state }).__paint = state;
  const check = () => {
    const h1 = [...document.querySelectorAll("h1")].find((h) => h.getClientRects().length > 0);
    // Once a page heading was on screen, every later state must have one (or show the loading screen).
    if (h1) state.seen = true;
    else if (state.seen && !document.getElementById("boot-status")) state.headinglessMutation = true;
    if (h1?.textContent?.startsWith("Speak your thoughts")) state.landingShown = true;
    if (h1 && !document.getElementById("prerendered")) state.takenOver = true;
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (entry.hadRecentInput) continue;
      state.shift += entry.value;
      const sources = (entry as unknown as { sources?: { node?: Node }[] }).sources ?? [];
      state.shifted.push(`${entry.value.toFixed(4)}: ${sources.map((s) => (s.node instanceof Element ? `${s.node.tagName}.${s.node.className}`.slice(0, 80) : String(s.node?.nodeName))).join(", ")}`);
    }
  }).observe({ type: "layout-shift", buffered: true });
}

type Painted = { headinglessMutation: boolean; landingShown: boolean; shift: number; shifted: string[]; takenOver: boolean; seen: boolean };
// What a visitor's page loads on first use: the visitor island's entry (src/visitor.tsx), not the app's.
const ISLAND_ENTRY = /\/assets\/visitor-[^/]+\.js$/;
const APP_ENTRY = /\/assets\/index-[^/]+\.js$/;

const painted = (page: Page) => page.evaluate(() => (window as unknown as { __paint: Painted }).__paint);

describe.skipIf(missing !== null)("prerendered visitor pages in Chromium against the real API", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser | undefined;

  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  it("shows landing, sign-in and sign-up with JavaScript disabled, their links working", async () => {
    browser = await launchBrowser({ javaScriptEnabled: false });
    const page = await browser.context.newPage();
    for (const { path, heading, more, shot } of PAGES) {
      await page.goto(`${baseUrl}${path}`);
      await expect(page.getByRole("heading", { level: 1, name: heading }).isVisible(), `${path}: ${heading}`).resolves.toBe(true);
      for (const text of more) await expect(page.getByText(text).first().isVisible(), `${path}: ${text}`).resolves.toBe(true);
      // The app's loading screen is for JavaScript to replace; without it the page shows alone.
      await expect(page.getByRole("status").isVisible(), `${path}: loading screen hidden`).resolves.toBe(false);
      // Screenshots only: axe runs in the page's JavaScript (see the next test for the static pages' scan).
      for (const [size, viewport] of Object.entries(SIZES)) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: join(SCREENSHOTS, `${shot}-${size}.png`), fullPage: true });
      }
      await page.setViewportSize(SIZES.desktop);
    }
    // Plain links between the pages, no router needed.
    await page.goto(`${baseUrl}/`);
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Log In" }).click();
    await page.waitForURL(`${baseUrl}/auth/login`);
    await expect(page.getByRole("heading", { name: "Welcome back" }).isVisible()).resolves.toBe(true);
  });

  it("passes axe as static pages, before the app takes them over", async () => {
    browser = await launchBrowser({ serviceWorkers: "block" });
    const page = await browser.context.newPage();
    // The island's entry script never arrives: what the scan sees is the prerendered page alone.
    await page.route(ISLAND_ENTRY, (route) => route.abort());
    for (const { path, heading } of PAGES) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator("#prerendered").getByRole("heading", { level: 1, name: heading }).waitFor();
      for (const viewport of Object.values(SIZES)) {
        await page.setViewportSize(viewport);
        await expectAccessible(page);
      }
    }
  });

  // Untouched, a visitor's page starts the app VISITOR_IDLE_START_MS after its load: a takeover with no input near it.
  it("hands each page over to the app without a frame without it, nothing moving", async () => {
    browser = await launchBrowser({ serviceWorkers: "block" });
    await browser.context.addInitScript(recordPaintedStates);
    const page = await browser.context.newPage();
    for (const { path, heading } of PAGES) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForFunction(() => (window as unknown as { __paint: Painted }).__paint.takenOver);
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      expect(await page.locator("#prerendered").count(), `${path}: static copy removed`).toBe(0);
      const state = await painted(page);
      expect(state.seen, `${path}: the heading was recorded`).toBe(true);
      expect(state.headinglessMutation, `${path}: a DOM change left no page`).toBe(false);
      expect(state.shift, `${path}: layout shift of ${state.shifted.join("; ")}`).toBeLessThan(0.01);
      expect(await cspViolations(page), `${path}: CSP`).toEqual([]);
    }
  });

  // A slow link or a busy phone: the browser paints the document while it is still arriving.
  it("shows a sign-in or sign-up page that arrives in two parts only once it is whole, nothing moving", async () => {
    // Between the browser and the API: each page's HTML is sent up to its form, the rest 600 ms later.
    const proxy = createServer(async (req, res) => {
      const upstream = await fetch(`${baseUrl}${req.url}`, { headers: { "accept-encoding": "identity" } });
      const body = Buffer.from(await upstream.arrayBuffer());
      const type = upstream.headers.get("content-type") ?? "";
      res.writeHead(upstream.status, { "content-type": type, "cache-control": "no-store" });
      const cut = type.includes("text/html") ? body.indexOf("<form") : -1;
      if (cut < 0) return void res.end(body);
      res.write(body.subarray(0, cut));
      await new Promise((r) => setTimeout(r, 600));
      res.end(body.subarray(cut));
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      browser = await launchBrowser({ serviceWorkers: "block" });
      await browser.context.addInitScript(recordPaintedStates);
      const page = await browser.context.newPage();
      for (const { path, heading } of PAGES.filter((p) => p.path.startsWith("/auth/"))) {
        await page.goto(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}${path}`);
        await page.getByRole("heading", { level: 1, name: heading }).waitFor();
        await page.waitForTimeout(300);
        const state = await painted(page);
        expect(state.takenOver, `${path}: still the static page`).toBe(false);
        expect(state.shift, `${path}: layout shift of ${state.shifted.join("; ")}`).toBeLessThan(0.01);
      }
    } finally {
      proxy.close();
    }
  });

  it("requests none of the app's scripts for a visitor until the page is used, then takes it over", async () => {
    browser = await launchBrowser({ serviceWorkers: "block" });
    const page = await browser.context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script" || /\.js(\?|$)/.test(request.url())) scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/auth/login`);
    await page.waitForLoadState("networkidle");
    // Read, scrolled, left alone: the page is static HTML with its one inline script.
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(500);
    expect(scripts, "scripts before any use").toEqual([]);
    await expect(page.locator("#prerendered").count()).resolves.toBe(1);
    // The first use (a field focused) starts the app, which takes the form over.
    await page.locator("#prerendered #email").focus();
    await page.locator("#prerendered").waitFor({ state: "detached" });
    expect(scripts.some((p) => ISLAND_ENTRY.test(p)), `the island's entry among ${scripts.join(", ")}`).toBe(true);
    // Neither the app's entry nor its router, TanStack Query or outbox: the island is React and the pages.
    expect(scripts.filter((p) => APP_ENTRY.test(p) || /\/assets\/(outbox|signed-in)-/.test(p))).toEqual([]);
    await expect(page.getByRole("button", { name: "Sign in" }).isEnabled()).resolves.toBe(true);
    await expect(page.getByLabel("Email").evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });

  it("moves between the visitor pages in place once the island runs, and back, never loading the app", async () => {
    browser = await launchBrowser({ serviceWorkers: "block" });
    const page = await browser.context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (/\.js(\?|$)/.test(request.url())) scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/`);
    // A key pressed is a first use: the island takes the landing page over.
    await page.keyboard.press("Shift");
    await page.locator("#prerendered").waitFor({ state: "detached" });
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // Each move leaves the focus on the new page's heading, not on the body (the link is gone).
    const focusedHeading = () => page.evaluate(() => (document.activeElement?.tagName === "H1" ? document.activeElement.textContent : null));
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Log In" }).click();
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/login");
    await expect.poll(focusedHeading).toBe("Welcome back");
    await page.getByRole("link", { name: "Sign up" }).click();
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    await expect.poll(focusedHeading).toBe("Create an account");
    // Tab goes on from the heading: the first field of the form below it.
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Email").evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.goBack();
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await expect.poll(focusedHeading).toBe("Welcome back");
    await page.goBack();
    await page.getByRole("heading", { name: "Speak your thoughts. Keep every insight." }).waitFor();
    await expect.poll(focusedHeading).toBe("Speak your thoughts. Keep every insight.");
    expect(new URL(page.url()).pathname).toBe("/");
    // One document all along, and none of the app's code.
    await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);
    expect(scripts.filter((p) => APP_ENTRY.test(p) || /\/assets\/(outbox|signed-in)-/.test(p))).toEqual([]);
  });

  it("keeps what was typed before the app took over, and the sign-in form then signs in", async () => {
    const user = await signUpUser(baseUrl, "prerendered");
    browser = await launchBrowser({ serviceWorkers: "block" });
    const page = await browser.context.newPage();
    // The island's entry script waits until the person has typed into the static form.
    let release: () => void = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(ISLAND_ENTRY, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(`${baseUrl}/auth/login`, { waitUntil: "commit" });
    await page.locator("#prerendered #email").fill(user.email);
    await page.locator("#prerendered #password").fill(user.password);
    release();
    await page.locator("#prerendered").waitFor({ state: "detached" });
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe(user.email);
    await page.getByRole("button", { name: "Sign in" }).click();
    // Signed in: "/" sends a new account on to onboarding (SPEC §2).
    await page.waitForURL(`${baseUrl}/onboarding`);
  });

  it("signs in with a Sign in pressed on the static page before the app took over, pressed once", async () => {
    const user = await signUpUser(baseUrl, "prerendered-press");
    browser = await launchBrowser({ serviceWorkers: "block" });
    const page = await browser.context.newPage();
    const tokenRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/auth/v1/token") tokenRequests.push(request.method());
    });
    // The island's entry script waits until the person has typed and pressed Sign in on the static form.
    let release: () => void = () => {};
    const pressed = new Promise<void>((resolve) => (release = resolve));
    await page.route(ISLAND_ENTRY, async (route) => {
      await pressed;
      await route.continue();
    });
    await page.goto(`${baseUrl}/auth/login`, { waitUntil: "commit" });
    const staticCopy = page.locator("#prerendered");
    await staticCopy.locator("#email").fill(user.email);
    await staticCopy.locator("#password").fill(user.password);
    await staticCopy.getByRole("button", { name: "Sign in" }).click();
    // Held for the app: the page stays, its button says that it is on its way, as the app's will.
    await expect(staticCopy.getByRole("button", { name: "Signing in..." }).isDisabled()).resolves.toBe(true);
    expect(page.url()).toBe(`${baseUrl}/auth/login`);
    release();
    // Signed in without a second press: "/" sends a new account on to onboarding (SPEC §2).
    await page.waitForURL(`${baseUrl}/onboarding`);
    expect(tokenRequests.filter((m) => m === "POST")).toHaveLength(1);
  });

  it("signs up with a Create account press that began on the static page and ended on the app's", async () => {
    browser = await launchBrowser({ serviceWorkers: "block" });
    const page = await browser.context.newPage();
    // The island's entry script waits until the person's finger is down on Create account.
    let release: () => void = () => {};
    const down = new Promise<void>((resolve) => (release = resolve));
    await page.route(ISLAND_ENTRY, async (route) => {
      await down;
      await route.continue();
    });
    await page.goto(`${baseUrl}/auth/signup`, { waitUntil: "commit" });
    const staticCopy = page.locator("#prerendered");
    await staticCopy.locator("#email").fill(`press-${Date.now()}@example.com`);
    await staticCopy.locator("#password").fill("correct horse battery");
    await staticCopy.locator("#confirm-password").fill("correct horse battery!");
    const box = await staticCopy.getByRole("button", { name: "Create account" }).boundingBox();
    if (!box) throw new Error("Create account has no box");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // The app takes the page over while the button is held; the press ends on the app's button.
    release();
    await staticCopy.waitFor({ state: "detached" });
    await page.mouse.up();
    // Pressed once: one answer.
    await toastText(page, "Passwords don't match").waitFor();
    expect(await toastText(page, "Passwords don't match").count()).toBe(1);
  });

  it("presses again, once the app has taken over, a button pressed on the static page", async () => {
    browser = await launchBrowser({ serviceWorkers: "block" });
    const page = await browser.context.newPage();
    // The island's entry script waits until the person has pressed the static page's buttons.
    let release: () => void = () => {};
    const pressed = new Promise<void>((resolve) => (release = resolve));
    await page.route(ISLAND_ENTRY, async (route) => {
      await pressed;
      await route.continue();
    });
    await page.goto(`${baseUrl}/`);
    await page.locator("#prerendered").getByRole("tab", { name: "Travel" }).click();
    release();
    await page.locator("#prerendered").waitFor({ state: "detached" });
    await page.getByRole("tab", { name: "Travel", selected: true }).waitFor();
    await page.getByRole("heading", { name: "Travel Diary" }).waitFor();
    expect(await page.getByRole("heading", { name: "Professional Growth" }).count()).toBe(0);
  });

  it("does not show a signed-in person the landing page on their way to their collection", async () => {
    const user = await signUpUser(baseUrl, "prerendered-home");
    browser = await launchBrowser();
    await browser.context.addInitScript(recordPaintedStates);
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, user.email, user.password);
    const home = `${baseUrl}/onboarding`;
    await page.waitForURL(home);
    // Twice: from the network, then from the service worker's precache once it controls the page.
    for (const round of [1, 2]) {
      await page.goto(`${baseUrl}/`);
      await page.waitForURL(home);
      expect((await painted(page)).landingShown, `round ${round}: the landing page was shown`).toBe(false);
    }
  });
});
