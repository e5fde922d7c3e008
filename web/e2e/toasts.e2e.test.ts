import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { fakeMicrophoneArgs, makeSpeechWav } from "./support/microphone";
import path from "node:path";
import { recordingTimerFrom, SCREENSHOTS, signIn, toastsOver, toastText } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] toast journeys skipped: ${missing}`);

const WIDTHS = [360, 390, 430, 768] as const;
const TALL = 932;
const SHORT = 640;

describe.skipIf(missing !== null)("no toast covers a control, on phones and tablets in Chromium", () => {
  const baseUrl = inject("baseUrl");
  let user: TestUser;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "toasts");
    await apiAs(baseUrl, user).createCollection({ name: "Morning Pages", primaryColor: "#0369a1", isDefault: true });
    browser = await launchBrowser({ args: fakeMicrophoneArgs(makeSpeechWav("A second thought right after the first.")) });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/morning-pages`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const timer = () => page.getByTestId("recording-timer");
  const startRecording = async () => {
    await page.getByRole("button", { name: "Start recording", exact: true }).click();
    await timer().waitFor();
  };
  const openToast = () => page.locator('[role=region] li[data-state="open"]');
  /**
   * While a toast shows (the pointer rests on it, which holds it on a loaded host), every target is
   * free of it once it has settled into place.
   */
  const expectUncovered = async (where: string, targets: Locator[]) => {
    await openToast().first().hover();
    for (const target of targets) {
      await target.waitFor();
      await expect.poll(() => toastsOver(page, target), { message: `${where}: a toast covers ${target}` }).toEqual([]);
    }
    expect(await openToast().count(), `${where}: the toast is still shown`).toBeGreaterThan(0);
  };
  const cancelTake = async () => {
    await page.getByRole("button", { name: "Cancel" }).click();
    await toastText(page, "Recording has been discarded.").waitFor();
  };

  it("keeps the empty state's buttons free on short and tall phones", async () => {
    for (const width of WIDTHS) {
      for (const height of [SHORT, TALL]) {
        await page.setViewportSize({ width, height });
        await page.getByRole("heading", { name: "No voice notes yet" }).waitFor();
        await startRecording();
        await cancelTake();
        await expectUncovered(`empty state at ${width}x${height}`, [
          page.getByRole("button", { name: "Start Recording", exact: true }),
          // The empty state's own button (the floating one is an icon with a label).
          page.locator("button", { hasText: "Import audio" }),
        ]);
      }
    }
  });

  it("keeps the Ask box free while a toast shows", async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: SHORT });
      await page.getByRole("tab", { name: "Notes" }).click();
      await startRecording();
      await cancelTake();
      await page.getByRole("tab", { name: "Chat" }).click();
      await expectUncovered(`Ask box at ${width}`, [page.getByLabel("Your question"), page.getByRole("button", { name: "Ask", exact: true })]);
    }
    await page.getByRole("tab", { name: "Notes" }).click();
  });

  it("keeps the recording panel's Finish and Cancel free after Upload Successful", async () => {
    for (const width of WIDTHS) {
      for (const height of [TALL, 800]) {
        await page.setViewportSize({ width, height });
        await startRecording();
        await recordingTimerFrom(page, 1).waitFor();
        await page.getByRole("button", { name: "Finish" }).click();
        await toastText(page, "Upload Successful").waitFor();
        // The next thought, recorded at once while the toast still shows.
        await startRecording();
        await expectUncovered(`recording panel at ${width}x${height}`, [
          page.getByRole("button", { name: "Finish" }),
          page.getByRole("button", { name: "Cancel" }),
          page.getByPlaceholder("Add a title (optional)"),
        ]);
        await page.getByRole("button", { name: "Finish" }).click({ trial: true, timeout: 2000 });
        if (width === 430 && height === TALL) await page.screenshot({ path: path.join(SCREENSHOTS, "toast-beside-recording-panel-430.png") });
        await cancelTake();
      }
    }
  });
});
