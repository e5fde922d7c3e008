import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { fakeMicrophoneArgs, makeSpeechWav } from "./support/microphone";
import { captureScreen, recordingTimerFrom, signIn } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] update prompt journey skipped: ${missing}`);

const SERVICE_WORKER = path.resolve(import.meta.dirname, "../dist/sw.js");

describe.skipIf(missing !== null)("a new release waits for the person", () => {
  const baseUrl = inject("baseUrl");
  let user: TestUser;
  let browser: Browser | undefined;
  // The server sends the build's brotli/gzip copies when the browser takes them: a release changes all three.
  const served = [SERVICE_WORKER, `${SERVICE_WORKER}.br`, `${SERVICE_WORKER}.gz`];
  let originals: Map<string, Buffer> | undefined;

  function release(text: string) {
    originals = new Map(served.filter((f) => fs.existsSync(f)).map((f) => [f, fs.readFileSync(f)]));
    fs.writeFileSync(SERVICE_WORKER, text);
    if (originals.has(`${SERVICE_WORKER}.br`)) fs.writeFileSync(`${SERVICE_WORKER}.br`, zlib.brotliCompressSync(text));
    if (originals.has(`${SERVICE_WORKER}.gz`)) fs.writeFileSync(`${SERVICE_WORKER}.gz`, zlib.gzipSync(text));
  }

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "update");
    await apiAs(baseUrl, user).createCollection({ name: "Releases", primaryColor: "#4338ca", isDefault: true });
    browser = await launchBrowser({ args: fakeMicrophoneArgs(makeSpeechWav("Testing the update prompt.")) });
  });

  afterAll(async () => {
    for (const [file, bytes] of originals ?? []) fs.writeFileSync(file, bytes);
    await browser?.close();
  });

  it("offers the new version, holds it back while recording, and applies it on Reload", async () => {
    const page = browser!.context.pages()[0] ?? (await browser!.context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/releases`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(firstWorker).toBe(`${baseUrl}/sw.js`);

    // A new release: the served worker script changes by one byte.
    release(`${fs.readFileSync(SERVICE_WORKER, "utf8")}\n// release 2\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByRole("status").filter({ hasText: "A new version is available" });
    await prompt.waitFor();
    const reload = prompt.getByRole("button", { name: "Reload" });

    // Not while recording: the button waits.
    await page.getByRole("button", { name: "Start recording", exact: true }).click();
    await recordingTimerFrom(page, 1).waitFor();
    expect(await reload.isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => reload.isDisabled()).toBe(false);
    // The new worker is still only waiting.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);

    await captureScreen(page, "update-prompt", () => prompt.waitFor());

    const navigated = page.waitForEvent("framenavigated");
    await reload.click();
    await navigated;
    await page.getByRole("button", { name: "Start recording", exact: true }).waitFor();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    expect(await prompt.count()).toBe(0);
  });
});
