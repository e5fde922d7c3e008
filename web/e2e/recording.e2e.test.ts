import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { DEFAULT_TRANSCRIPT } from "./support/fake-openai";
import { fakeMicrophoneArgs, makeSpeechWav } from "./support/microphone";
import { captureScreen, recordingTimerFrom, signIn, SIZES, toastText } from "./support/page";
import { todayKey } from "./support/journey-day";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] recording journeys skipped: ${missing}`);

describe.skipIf(missing !== null)("recording journeys in Chromium with a fake microphone", () => {
  const baseUrl = inject("baseUrl");
  let user: TestUser;
  let browser: Browser | undefined;
  let page: Page;
  let domainId: string;

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "recorder");
    domainId = (await apiAs(baseUrl, user).createCollection({ name: "Voice Diary", primaryColor: "#7c3aed", isDefault: true })).id;
    const wav = makeSpeechWav("Today I walked along the river and thought about the week ahead.");
    browser = await launchBrowser({ args: fakeMicrophoneArgs(wav) });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/voice-diary`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const timer = () => page.getByTestId("recording-timer");
  const notesToday = () => apiAs(baseUrl, user).listNotes({ domainId, period: "day", periodKey: todayKey() });

  it("records, pauses, resumes and finishes: the note appears and its transcript arrives", async () => {
    await page.getByRole("button", { name: "Start recording", exact: true }).click();
    await recordingTimerFrom(page, 2).waitFor();
    await captureScreen(page, "recording-panel-recording", () => timer().waitFor());

    await page.getByRole("button", { name: "Pause recording" }).click();
    await timer().getByText("(Paused)").waitFor();
    const pausedAt = await timer().textContent();
    await page.waitForTimeout(1500);
    // Paused means paused: the timer does not move.
    expect(await timer().textContent()).toBe(pausedAt);
    await captureScreen(page, "recording-panel-paused", () => timer().getByText("(Paused)").waitFor());

    await page.getByRole("button", { name: "Resume recording" }).click();
    await expect.poll(async () => (await timer().textContent())?.includes("(Paused)")).toBe(false);
    await page.getByPlaceholder("Add a title (optional)").fill("River walk");
    await page.waitForTimeout(1200);
    await page.getByRole("button", { name: "Finish" }).click();

    await toastText(page, "Upload Successful").waitFor();
    await toastText(page, "Recording uploaded and transcription started.").waitFor();
    // The toast sits beside the record button: the next note can be started at once (a trial
    // click fails when another element would receive it).
    await page.getByRole("button", { name: "Start recording", exact: true }).click({ trial: true, timeout: 2000 });
    await page.getByText("River walk", { exact: true }).waitFor();
    // The list polls every 5 s while the note transcribes; the scripted engine's text arrives.
    await page.getByText(DEFAULT_TRANSCRIPT).waitFor({ timeout: 30_000 });

    const notes = await notesToday();
    expect(notes.map((n) => n.title)).toEqual(["River walk"]);
    expect(notes[0]!.audioMimeType).toBe("audio/webm");
    expect(notes[0]!.duration).toBeGreaterThanOrEqual(3);
    // Nothing left waiting on the device.
    expect(await page.getByTestId("pending-upload").count()).toBe(0);
  });

  it("Cancel discards the take", async () => {
    // On a phone, where a toast spans the screen's width up to the record button.
    const size = page.viewportSize();
    await page.setViewportSize(SIZES.mobile);
    const before = (await notesToday()).length;
    await page.getByRole("button", { name: "Start recording", exact: true }).click();
    await recordingTimerFrom(page, 1).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await toastText(page, "Recording cancelled").waitFor();
    await toastText(page, "Recording has been discarded.").waitFor();
    // The toast stands above the floating Go to date control instead of covering it.
    await page.getByRole("button", { name: "Go to date", exact: true }).click({ trial: true, timeout: 2000 });
    // While the toast shows, the next take's panel is free to use too.
    await page.getByRole("button", { name: "Start recording", exact: true }).click({ timeout: 2000 });
    await timer().waitFor();
    await page.getByRole("button", { name: "Finish" }).click({ trial: true, timeout: 2000 });
    await page.getByRole("button", { name: "Cancel" }).click({ timeout: 2000 });
    await toastText(page, "Recording cancelled").waitFor();
    await page.waitForTimeout(1000);
    expect((await notesToday()).length).toBe(before);
    expect(await page.evaluate(async () => {
      const dbs = await indexedDB.databases();
      return dbs.map((d) => d.name);
    })).toContain("voice-notes-outbox");
    expect(await page.getByTestId("pending-upload").count()).toBe(0);
    if (size) await page.setViewportSize(size);
  });
});
