import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { scriptOpenAI } from "./support/fake-openai";
import { captureScreen, fixedControlsOver, signIn, SIZES } from "./support/page";
import { dayKeyOf } from "./support/journey-day";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] Ask journeys skipped: ${missing}`);

const ANSWER =
  "You found a heron nest by the old bridge, and it had three eggs in it [1]. You also meant to bring binoculars next time so you could count them without getting close [1].";

describe.skipIf(missing !== null)("Ask your journal in Chromium, answered by an OpenAI-compatible model", () => {
  const baseUrl = inject("openaiSummaryBaseUrl");
  const controlUrl = inject("openaiControlUrl");
  let user: TestUser;
  let browser: Browser | undefined;
  let heronId: string;
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  twoDaysAgo.setUTCHours(12, 0, 0, 0);

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "ask");
    const api = apiAs(baseUrl, user);
    const nature = await api.createCollection({ name: "Nature Walks", primaryColor: "#0f766e", isDefault: true });
    const heron = await api.uploadNote({ domainId: nature.id, title: "Heron nest", createdAt: twoDaysAgo.toISOString(), duration: 40 });
    heronId = heron.id;
    await api.setTranscript(heron.id, "The heron nest by the old bridge has three eggs now. Bring binoculars next time.");
    const other = await api.uploadNote({ domainId: nature.id, title: "Rainy loop", createdAt: new Date(twoDaysAgo.getTime() + 3_600_000).toISOString() });
    await api.setTranscript(other.id, "Short loop in the rain, nothing much to report.");
    await scriptOpenAI(controlUrl, { chatContent: ANSWER, streamChunkDelayMs: 120 });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await scriptOpenAI(controlUrl, { chatContent: null, streamChunkDelayMs: 0 });
    await browser?.close();
  });

  it("streams the answer in, shows its sources, keeps the thread over a reload and opens the cited note", async () => {
    const page = browser!.context.pages()[0] ?? (await browser!.context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/nature-walks`);
    await page.getByRole("tab", { name: "Chat" }).click();
    await page.getByRole("heading", { name: "Ask your journal" }).waitFor();
    await captureScreen(page, "ask-empty", () => page.getByRole("heading", { name: "Ask your journal" }).waitFor());

    await page.getByLabel("Your question").fill("What did I see at the bridge?");
    await page.getByRole("button", { name: "Ask" }).click();
    const answer = page.getByTestId("assistant-message").last();
    // The text grows while the answer streams (Stop is offered), before the stored answer arrives.
    await page.getByRole("button", { name: "Stop" }).waitFor();
    await answer.getByText(/heron/).waitFor();
    const partial = (await answer.textContent()) ?? "";
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(ANSWER.length - 20);
    expect(await page.getByRole("button", { name: "Stop" }).count()).toBe(1);
    await answer.getByTestId("citation-chip").waitFor({ timeout: 30_000 });
    expect(await page.getByRole("button", { name: "Stop" }).count()).toBe(0);
    expect(await answer.textContent()).toContain("so you could count them without getting close");
    const chip = answer.getByTestId("citation-chip");
    expect(await chip.count()).toBe(1);
    expect(await chip.textContent()).toContain("Heron nest");
    expect(await page.getByLabel("Your question").inputValue()).toBe("");
    await captureScreen(page, "ask-answer", () => answer.getByTestId("citation-chip").waitFor());
    // On a phone nothing floats over the answer, its source or the question box, wherever it scrolls.
    await page.setViewportSize(SIZES.mobile);
    for (const target of [answer, chip, page.getByLabel("Your question"), page.getByRole("button", { name: "Ask" })]) {
      await target.scrollIntoViewIfNeeded();
      expect(await fixedControlsOver(page, target)).toEqual([]);
    }
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    expect(await fixedControlsOver(page, page.getByLabel("Your question"))).toEqual([]);
    await page.setViewportSize(SIZES.desktop);

    // A reload keeps the conversation, and it is listed.
    await page.reload();
    await page.getByRole("heading", { name: "Ask your journal" }).waitFor();
    await page.getByTestId("user-message").getByText("What did I see at the bridge?").waitFor();
    await page.getByTestId("citation-chip").waitFor();
    await page.getByRole("heading", { name: "Earlier conversations" }).waitFor();

    // The chip opens the note's day with the note highlighted.
    await page.getByTestId("citation-chip").click();
    await page.waitForURL((url) => url.searchParams.get("note") === heronId && url.searchParams.get("date") === dayKeyOf(twoDaysAgo));
    await page.locator('[data-testid="note-card"][aria-current="true"]').getByRole("heading", { name: "Heron nest" }).waitFor();

    // Offline the question box says a connection is needed; the thread still shows.
    await page.goBack();
    await page.getByTestId("citation-chip").waitFor();
    await browser!.context.setOffline(true);
    try {
      await page.getByText("Asking needs a connection. Earlier conversations are still here.").waitFor();
      expect(await page.getByRole("button", { name: "Ask" }).isDisabled()).toBe(true);
      await captureScreen(page, "ask-offline", () => page.getByText("Asking needs a connection.", { exact: false }).waitFor());
    } finally {
      await browser!.context.setOffline(false);
    }
  });
});
