import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import type { VoiceNote } from "@vj/core";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signInUser, signUpUser, subjectOf, type TestUser } from "./support/api";
import { chooseMenuItem, openAccountMenu } from "./support/menus";
import { fakeMicrophoneArgs, makeSpeechWav } from "./support/microphone";
import { captureScreen, recordingTimerFrom, signIn, toastText } from "./support/page";
import { todayKey } from "./support/journey-day";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] outbox owner journeys skipped: ${missing}`);

/**
 * Two people on one browser (a family tablet): a recording waiting in the outbox belongs to the
 * person who made it, whoever signs in next.
 */
describe.skipIf(missing !== null)("whose recordings the outbox holds, in Chromium", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser | undefined;
  let wav: string;

  beforeAll(() => {
    wav = makeSpeechWav("A thought that waits for its owner.");
  });
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  const today = () => todayKey();
  // A session of its own: signing out in the browser ends the sessions made before it.
  const notesOf = async (user: TestUser, domainId: string): Promise<VoiceNote[]> =>
    apiAs(baseUrl, await signInUser(baseUrl, user)).listNotes({ domainId, period: "day", periodKey: today() });

  async function signOut(page: Page, question?: { expect: string; screenshot?: string }) {
    await openAccountMenu(page);
    await chooseMenuItem(page, "Logout");
    if (question) {
      // Something of theirs is still only on this device: asked first, kept either way.
      const dialog = page.getByRole("alertdialog", { name: "Sign out?" });
      await dialog.getByText(question.expect, { exact: true }).waitFor();
      if (question.screenshot) await captureScreen(page, question.screenshot, () => dialog.getByText(question.expect, { exact: true }).waitFor());
      await dialog.getByRole("button", { name: "Sign out", exact: true }).click();
    }
    await page.waitForURL(`${baseUrl}/auth/login`);
  }

  it("A's waiting recording is never sent with B's session, B never sees it, and it uploads by itself when A is back", async () => {
    const a = await signUpUser(baseUrl, "owner-a");
    const b = await signUpUser(baseUrl, "owner-b");
    const aCollection = (await apiAs(baseUrl, a).createCollection({ name: "Family", primaryColor: "#0369a1", isDefault: true })).id;
    const bCollection = (await apiAs(baseUrl, b).createCollection({ name: "Homework", primaryColor: "#15803d", isDefault: true })).id;
    browser = await launchBrowser({ args: fakeMicrophoneArgs(wav) });
    const { context } = browser;
    const page = context.pages()[0] ?? (await context.newPage());

    // Every upload, from the page or the worker, with whose session it went; refused while A is signed in.
    const sent: { clientId: string; subject: string }[] = [];
    let refusing = true;
    await context.route("**/api/voice-notes", async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.fallback();
      const clientId = /name="clientId"\r\n\r\n([^\r]+)/.exec(request.postDataBuffer()?.toString("latin1") ?? "")?.[1] ?? "";
      sent.push({ clientId, subject: subjectOf(request.headers().authorization ?? "") });
      if (!refusing) return route.fallback();
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "engine_unavailable", message: "The server is busy" } }),
      });
    });

    await signIn(page, baseUrl, a.email, a.password);
    await page.waitForURL(`${baseUrl}/family`);
    await page.getByRole("button", { name: "Start recording", exact: true }).click();
    await recordingTimerFrom(page, 2).waitFor();
    await page.getByPlaceholder("Add a title (optional)").fill("A's waiting thought");
    await page.getByRole("button", { name: "Finish" }).click();
    await toastText(page, "Upload Failed - Saved Locally").waitFor();
    await page.getByTestId("pending-upload").getByText("A's waiting thought", { exact: true }).waitFor();
    const aClientId = sent[0]!.clientId;
    // The toast has gone by the time A signs out (under the question's overlay it is no longer legible).
    await toastText(page, "Upload Failed - Saved Locally").waitFor({ state: "detached", timeout: 20_000 });
    expect(aClientId).toMatch(/^rec-\d+-[0-9a-z]{8}$/);

    await signOut(page, {
      expect: "1 recording is not uploaded yet. It stays on this device and uploads when you sign in again.",
      screenshot: "sign-out-question",
    });
    // From here on the server takes every upload: anything of A's sent with B's session would land.
    refusing = false;
    const before = sent.length;
    await signIn(page, baseUrl, b.email, b.password);
    await page.waitForURL(`${baseUrl}/homework`);
    await page.getByRole("button", { name: "Start recording", exact: true }).waitFor();
    // The moments a replay runs: at start (above), and when the connection comes back.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.goto(`${baseUrl}/settings`);
    await page.getByTestId("outbox-count").getByText("0", { exact: true }).waitFor();
    await page.goto(`${baseUrl}/homework`);
    await page.getByRole("button", { name: "Start recording", exact: true }).waitFor();
    expect(await page.getByTestId("pending-upload").count()).toBe(0);
    expect(await page.getByText("A's waiting thought").count()).toBe(0);
    expect(sent.slice(before).filter((s) => s.subject === subjectOf(b.accessToken))).toEqual([]);
    expect(await notesOf(b, bCollection)).toEqual([]);

    await signOut(page);
    await signIn(page, baseUrl, a.email, a.password);
    await page.waitForURL(`${baseUrl}/family`);
    // No click: it goes by itself, with A's session, and the card goes.
    await expect.poll(async () => (await notesOf(a, aCollection)).map((n) => n.title), { timeout: 30_000 }).toEqual(["A's waiting thought"]);
    await expect.poll(() => page.getByTestId("pending-upload").count(), { timeout: 15_000 }).toBe(0);
    expect(sent.filter((s) => s.clientId === aClientId).every((s) => s.subject === subjectOf(a.accessToken))).toBe(true);
    expect((await notesOf(a, aCollection))[0]!.clientId).toBe(aClientId);
  }, 120_000);
});
