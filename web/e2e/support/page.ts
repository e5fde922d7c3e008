import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

export const SCREENSHOTS = path.resolve(import.meta.dirname, "../screenshots");
export const SIZES = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

/**
 * The recording timer once it shows `seconds` or more: a busy machine may draw 0:00 and then 0:02,
 * so a later second counts too (what is recorded is never shorter than what the timer showed).
 */
export function recordingTimerFrom(page: Page, seconds: number): Locator {
  const from = Array.from({ length: 60 - seconds }, (_, i) => String(seconds + i).padStart(2, "0")).join("|");
  return page.getByTestId("recording-timer").getByText(new RegExp(`^0:(${from})$`));
}

/** A visible toast's text; screen-reader announcements of the same toast live outside the region. */
export function toastText(page: Page, text: string) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByRole("heading", { name: "Welcome back" }).waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** What the page reported breaking the Content-Security-Policy since it loaded (launchBrowser records it). */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/**
 * No serious or critical axe-core violation on what the page shows now. The toasts are held as they
 * are while it looks (their own pause when the window loses focus): a toast whose time ran out
 * mid-scan would fade out, and text fading out fails contrast. One already leaving is not looked at.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event("blur")));
  const results = await new AxeBuilder({ page })
    .exclude('[role=region] li[data-state="closed"]')
    .analyze()
    .finally(() => page.evaluate(() => window.dispatchEvent(new Event("focus"))));
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(bad).toEqual([]);
}

/**
 * Screenshots of the current screen at the phone and desktop sizes (files NAME-mobile.png and
 * NAME-desktop.png; the whole page, or the viewport while a dialog is open), each after `ready` says the screen is drawn, with an axe scan at each size and
 * a check that the phone layout does not scroll sideways.
 */
export async function captureScreen(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await ready();
    await page.waitForTimeout(250); // let entry animations settle
    // A dialog covers the viewport: the viewport is what a person sees (a full-page capture tiles
    // the fixed dialog over the page scrolled behind it).
    const dialogShown = (await page.locator('[role="dialog"], [role="alertdialog"]').filter({ visible: true }).count()) > 0;
    // A full-page capture keeps the page's scroll, and draws its sticky header where the viewport's
    // top was, across the middle of the page: the page is captured from its top, then scrolled back.
    const scrolledTo = dialogShown ? 0 : await page.evaluate(() => {
      const y = window.scrollY;
      window.scrollTo({ top: 0, behavior: "instant" });
      return y;
    });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size}.png`), fullPage: !dialogShown });
    if (scrolledTo > 0) await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), scrolledTo);
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${size}`).toBeLessThanOrEqual(0);
    expect(await cspViolations(page), `${name} broke the Content-Security-Policy`).toEqual([]);
  }
  await page.setViewportSize(SIZES.desktop);
}

/**
 * How bright a person sees the page at (x, y) of the viewport, 0 to 255: read off a screenshot of that
 * one point, decoded in a blank page of the same browser (the app's own page would count the
 * decoding against its Content-Security-Policy).
 */
export async function brightnessAt(page: Page, x: number, y: number): Promise<number> {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 } });
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    }, png.toString("base64"));
  } finally {
    await scratch.close();
  }
}

/**
 * The fixed controls (floating buttons, and anything else fixed outside the header and the
 * toasts) whose box overlaps what `target` shows now: empty when nothing covers it.
 */
export async function fixedControlsOver(page: Page, target: Locator): Promise<string[]> {
  const box = await target.boundingBox();
  if (!box) throw new Error("the target is not shown");
  return page.evaluate((t) => {
    const covering: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      if (getComputedStyle(el).position !== "fixed" || el.closest("header, [role=region], [role=dialog]")) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
      const overlaps = r.left < t.x + t.width && r.right > t.x && r.top < t.y + t.height && r.bottom > t.y;
      if (overlaps) covering.push(el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName);
    }
    return covering;
  }, box);
}

/** The toasts shown now whose box overlaps what `target` shows: empty when no toast covers it. */
export async function toastsOver(page: Page, target: Locator): Promise<string[]> {
  const box = await target.boundingBox();
  if (!box) throw new Error("the target is not shown");
  return page.evaluate((t) => {
    const covering: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[role=region] li[data-state="open"]'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const overlaps = r.left < t.x + t.width && r.right > t.x && r.top < t.y + t.height && r.bottom > t.y;
      if (overlaps) covering.push(el.textContent?.trim() ?? "a toast");
    }
    return covering;
  }, box);
}
