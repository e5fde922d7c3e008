import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { captureScreen, signIn } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] no-engine journey skipped: ${missing}`);

describe.skipIf(missing !== null)("a server with no transcription engine (TRANSCRIBE_ENGINE=none)", () => {
  const baseUrl = inject("noEngineBaseUrl");
  let user: TestUser;
  let browser: Browser | undefined;

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "no-engine");
    const api = apiAs(baseUrl, user);
    const home = await api.createCollection({ name: "First Steps", primaryColor: "#2563eb", isDefault: true });
    await api.uploadNote({ domainId: home.id, title: "My first note", duration: 12 });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows a neutral Not transcribed card with the reason, never Recording Failed; the audio plays and a transcript can be added", async () => {
    const page = browser!.context.pages()[0] ?? (await browser!.context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/first-steps`);
    const card = page.getByTestId("note-card").filter({ hasText: "My first note" });
    await card.getByText("Not transcribed", { exact: true }).waitFor({ timeout: 20_000 });
    expect(await card.textContent()).toContain("Transcription isn't set up on this server");
    expect(await page.getByText("Recording Failed").count()).toBe(0);
    expect(await page.getByText(/OPENAI_API_KEY/).count()).toBe(0);
    await card.getByRole("button", { name: "Transcribe" }).waitFor();
    await card.getByRole("button", { name: "Add transcript" }).waitFor();
    await captureScreen(page, "note-not-transcribed", () => card.getByText("Not transcribed", { exact: true }).waitFor());

    // Asking again without an engine comes back to the same calm state.
    await card.getByRole("button", { name: "Transcribe" }).click();
    await card.getByText("Not transcribed", { exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.getByText("Recording Failed").count()).toBe(0);

    await card.getByRole("button", { name: "Add transcript" }).click();
    await page.getByLabel("Transcript").fill("Typed by hand while no engine runs.");
    await page.getByRole("button", { name: "Save" }).click();
    await card.getByText("Typed by hand while no engine runs.").waitFor();
    expect(await card.getByText("Not transcribed", { exact: true }).count()).toBe(0);
  });
});
