import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import type { VoiceNote } from "@vj/core";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { fakeMicrophoneArgs, makeSpeechWav } from "./support/microphone";
import { captureScreen, recordingTimerFrom, signIn, toastText } from "./support/page";
import { todayKey } from "./support/journey-day";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] outbox journeys skipped: ${missing}`);

/**
 * The offline outbox in a real browser: recordings made without a connection, a failed upload,
 * a reload mid-recording. Each journey gets its own user and browser profile, so the outbox of
 * one never leaks into the next.
 */
describe.skipIf(missing !== null)("the offline outbox in Chromium", () => {
  const baseUrl = inject("baseUrl");
  let wav: string;
  let browser: Browser | undefined;
  let user: TestUser;
  let domainId: string;
  let page: Page;
  let context: BrowserContext;

  beforeAll(() => {
    wav = makeSpeechWav("A short thought recorded on the train with no signal.");
  });

  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  async function open(label: string, options: { serviceWorkers?: "allow" | "block" } = {}) {
    user = await signUpUser(baseUrl, label);
    domainId = (await apiAs(baseUrl, user).createCollection({ name: "Commute", primaryColor: "#0369a1", isDefault: true })).id;
    browser = await launchBrowser({ args: fakeMicrophoneArgs(wav), ...options });
    context = browser.context;
    page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/commute`);
    if (options.serviceWorkers !== "block") {
      // The worker must control the page for Background Sync and the offline shell.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    }
    await page.getByRole("button", { name: "Start recording", exact: true }).waitFor();
  }

  const notes = (): Promise<VoiceNote[]> =>
    apiAs(baseUrl, user).listNotes({ domainId, period: "day", periodKey: todayKey() });
  const pending = () => page.getByTestId("pending-upload");

  async function record(seconds: number, title?: string) {
    await page.getByRole("button", { name: "Start recording", exact: true }).click();
    await recordingTimerFrom(page, seconds).waitFor();
    if (title) await page.getByPlaceholder("Add a title (optional)").fill(title);
    await page.getByRole("button", { name: "Finish" }).click();
  }

  it("offline: Saved Offline and a pending card with Retry disabled; back online it uploads by itself", async () => {
    await open("offline-record");
    await context.setOffline(true);
    await record(2, "Train thought");
    await toastText(page, "Saved Offline").waitFor();
    await expect.poll(() => pending().count()).toBe(1);
    const card = pending().first();
    await card.getByText("Pending Upload", { exact: true }).waitFor();
    await card.getByText("Offline", { exact: true }).waitFor();
    await card.getByText("Train thought", { exact: true }).waitFor();
    expect(await card.getByRole("button", { name: "Retry" }).isDisabled()).toBe(true);
    await captureScreen(page, "pending-upload-offline", () => card.getByText("Offline", { exact: true }).waitFor());
    expect(await notes()).toEqual([]);

    await context.setOffline(false);
    // No click: Background Sync (or the page's own replay on `online`) sends it, and the card goes.
    await expect.poll(() => pending().count(), { timeout: 30_000 }).toBe(0);
    await page.getByText("Train thought", { exact: true }).waitFor();
    const stored = await notes();
    expect(stored.map((n) => n.title)).toEqual(["Train thought"]);
    expect(stored[0]!.clientId).toMatch(/^rec-\d+-[0-9a-z]{8}$/);
  });

  it("the connection drops the moment the screen appears: Saved Offline still shows", async () => {
    // No service worker to answer from its cache: the page's code comes from the network alone.
    await open("offline-at-start", { serviceWorkers: "block" });
    // The toasts' code is slow to arrive, and refused once the connection is gone.
    let cut = false;
    await context.route("**/assets/toaster-*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (cut) await route.abort("internetdisconnected");
      else await route.fallback();
    });
    // The signed-in person opens the app afresh and records as soon as they can.
    await page.reload();
    await page.getByRole("button", { name: "Start recording", exact: true }).waitFor();
    cut = true;
    await context.setOffline(true);
    await record(2, "Straight away");
    await toastText(page, "Saved Offline").waitFor();
    await expect.poll(() => pending().count()).toBe(1);
    await pending().first().getByText("Straight away", { exact: true }).waitFor();
  });

  it("after a server error the recording stays, and the sync event sent through DevTools uploads it", async () => {
    await open("server-error");
    // Every upload meets a 503 (the page's and the worker's: context routes see both); the worker's
    // until lifted, the page's throughout, so only the worker's sync can deliver it here (the page's
    // own retries are the next journey's).
    let refused = 0;
    let refuseWorker = true;
    await context.route("**/api/voice-notes", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      if (route.request().serviceWorker() !== null && !refuseWorker) return route.fallback();
      refused++;
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "engine_unavailable", message: "The server is busy" } }),
      });
    });
    await record(2, "Kept after an error");
    await toastText(page, "Upload Failed - Saved Locally").waitFor();
    await expect.poll(() => pending().count()).toBe(1);
    await pending().first().getByText("503: The server is busy").waitFor();
    await pending().first().getByText(/\d+ attempts?/).waitFor();
    // The page's attempt, then the worker's: the failure registers a sync, which the browser fires
    // at once while online. Lifting the 503 before that second attempt ran would let it deliver.
    await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    refuseWorker = false;
    // Nothing retries by itself yet (the browser's own sync retry is minutes away).
    await page.waitForTimeout(1000);
    expect(await pending().count()).toBe(1);

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${baseUrl}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.dispatchSyncEvent", { origin: baseUrl, registrationId: await registrationId, tag: "outbox", lastChance: false });

    await expect.poll(() => pending().count(), { timeout: 30_000 }).toBe(0);
    expect((await notes()).map((n) => n.title)).toEqual(["Kept after an error"]);
  });

  it("the server refuses while the browser stays online, with no Background Sync: the page uploads it by itself within a minute", async () => {
    // Service workers blocked: as in Firefox and Safari, only the page can send it again.
    await open("server-cut", { serviceWorkers: "block" });
    let refusing = true;
    await context.route("**/api/voice-notes", async (route) => {
      if (route.request().method() !== "POST" || !refusing) return route.fallback();
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "engine_unavailable", message: "The server is restarting" } }),
      });
    });
    await record(2, "Sent by the page itself");
    await toastText(page, "Upload Failed - Saved Locally").waitFor();
    await expect.poll(() => pending().count()).toBe(1);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    // The server is back: no reload, no click, no online event.
    refusing = false;
    const back = Date.now();
    await expect.poll(() => pending().count(), { timeout: 60_000 }).toBe(0);
    expect(Date.now() - back).toBeLessThan(60_000);
    expect((await notes()).map((n) => n.title)).toEqual(["Sent by the page itself"]);
  });

  it("a reload mid-recording: the audio is recovered into the outbox and uploaded", async () => {
    await open("reload");
    await page.getByRole("button", { name: "Start recording", exact: true }).click();
    await page.getByPlaceholder("Add a title (optional)").fill("Interrupted thought");
    await recordingTimerFrom(page, 4).waitFor();
    await page.reload();
    await toastText(page, "Recording Recovered").waitFor();
    await expect.poll(async () => (await notes()).length, { timeout: 30_000 }).toBe(1);
    const [note] = await notes();
    expect(note!.title).toBe("Interrupted thought");
    // At most the last second is lost: 4 s recorded, at least 3 s recovered.
    expect(note!.duration).toBeGreaterThanOrEqual(3);
    expect(note!.audioMimeType).toBe("audio/webm");
    await expect.poll(() => pending().count()).toBe(0);
  });

  it("twenty recordings made offline become exactly twenty notes after reconnecting, none twice", async () => {
    await open("twenty");
    await context.setOffline(true);
    for (let i = 1; i <= 20; i++) {
      await record(1, `Offline note ${i}`);
      await expect.poll(() => pending().count()).toBe(i);
    }
    await context.setOffline(false);
    await expect.poll(() => pending().count(), { timeout: 60_000 }).toBe(0);
    const stored = await notes();
    expect(stored).toHaveLength(20);
    expect(new Set(stored.map((n) => n.clientId)).size).toBe(20);
    expect(stored.map((n) => n.title).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Offline note ${i + 1}`).sort());
  }, 240_000);
});

