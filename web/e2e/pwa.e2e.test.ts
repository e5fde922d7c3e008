import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { signIn } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] installability journey skipped: ${missing}`);

type ManifestIcon = { src: string; sizes?: string; type?: string; purpose?: string };
type Manifest = { name?: string; short_name?: string; display?: string; start_url?: string; scope?: string; icons?: ManifestIcon[] };

/** What Chromium itself says about installing the page: its install blockers and the manifest it read. */
async function installState(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const manifest = await cdp.send("Page.getAppManifest", {});
    return { installabilityErrors, manifest };
  } finally {
    await cdp.detach();
  }
}

/** The width and height a PNG's header declares, as the page fetched it. */
async function pngSize(page: Page, url: string): Promise<{ status: number; type: string | null; width: number; height: number }> {
  return page.evaluate(async (u) => {
    const res = await fetch(u);
    const view = new DataView(await res.arrayBuffer());
    // 8-byte signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
    return { status: res.status, type: res.headers.get("content-type"), width: view.getUint32(16), height: view.getUint32(20) };
  }, url);
}

async function expectInstallable(page: Page, baseUrl: string): Promise<void> {
  // The production build registers the service worker; Chromium's checks run once it is active.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const { installabilityErrors, manifest } = await installState(page);
  expect(installabilityErrors).toEqual([]);

  expect(manifest.url).toBe(`${baseUrl}/manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
  const data = JSON.parse(manifest.data ?? "{}") as Manifest;
  expect(data.name).toBe("Voice Journal");
  expect(data.display).toBe("standalone");
  expect(data.start_url).toBe("/");

  const icons = data.icons ?? [];
  const png = (size: string, purpose: string) =>
    icons.find((i) => i.type === "image/png" && i.sizes?.split(" ").includes(size) && (i.purpose ?? "any").split(" ").includes(purpose));
  const icon192 = png("192x192", "any");
  const icon512 = png("512x512", "any");
  const maskable = icons.find((i) => (i.purpose ?? "").split(" ").includes("maskable"));
  expect(icon192, "a 192×192 PNG icon").toBeDefined();
  expect(icon512, "a 512×512 PNG icon").toBeDefined();
  expect(maskable, "a maskable icon").toBeDefined();

  // Each icon is served, and is the size the manifest says.
  for (const [icon, side] of [
    [icon192!, 192],
    [icon512!, 512],
    [maskable!, 512],
  ] as const) {
    const size = await pngSize(page, new URL(icon.src, `${baseUrl}/`).href);
    expect(size, icon.src).toEqual({ status: 200, type: "image/png", width: side, height: side });
  }
}

describe.skipIf(missing !== null)("the app can be installed", () => {
  const baseUrl = inject("baseUrl");
  let user: TestUser;
  let browser: Browser | undefined;

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "install");
    await apiAs(baseUrl, user).createCollection({ name: "Daily Log", primaryColor: "#0f766e", isDefault: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("offers installation from the landing page, with the Voice Journal manifest and its icons", async () => {
    const page = browser!.context.pages()[0] ?? (await browser!.context.newPage());
    await page.goto(`${baseUrl}/`);
    await page.getByRole("heading", { name: /Speak your thoughts/ }).waitFor();
    await expectInstallable(page, baseUrl);
  });

  it("offers installation from the signed-in journal too", async () => {
    const page = await browser!.context.newPage();
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/daily-log`);
    await page.getByTestId("current-collection").getByText("Daily Log", { exact: true }).waitFor();
    await expectInstallable(page, baseUrl);
    await page.close();
  });
});
