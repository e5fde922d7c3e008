import type { Domain, SummaryType, VoiceNote } from "@vj/core";
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { scriptOpenAI } from "./support/fake-openai";
import { captureScreen, signIn, toastText } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] summary journeys skipped: ${missing}`);

// Fixed past days keep the periods (and the screenshots) the same whatever day the suite runs.
const DAY = "2025-06-11"; // a Wednesday
const RELOAD_DAY = "2025-06-12";
const NO_NOTES_DAY = "2025-01-01";
const GONE_DAY = "2025-02-10";
const WEEK_DAY = "2025-03-05"; // week Sunday 2 March – Saturday 8 March

type Api = ReturnType<typeof apiAs>;

/** Uploads a note at noon UTC of a day and gives it the transcript the test wants. */
async function noteWithTranscript(api: Api, domainId: string, day: string, title: string, text: string): Promise<VoiceNote> {
  const note = await api.uploadNote({ domainId, title, createdAt: `${day}T12:00:00.000Z` });
  // Let the engine's own transcription land first, so it cannot overwrite the test's text.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const notes = await api.listNotes({ domainId, period: "day", periodKey: day });
    const now = notes.find((n) => n.id === note.id);
    if (now && !now.isTranscribing) break;
    if (Date.now() > deadline) throw new Error(`note ${title} still transcribing`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return api.setTranscript(note.id, text);
}

async function createType(baseUrl: string, user: TestUser, body: { name: string; prompt: string; domainId: string }) {
  const res = await fetch(`${baseUrl}/api/summary-types`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`creating a summary type failed: ${res.status}`);
  return (await res.json()) as SummaryType;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const typeDialog = (page: Page) => page.getByRole("dialog", { name: "Choose a summary type" });
const placeholder = (page: Page) => page.getByRole("article", { name: "Generating your summary..." });
const card = (page: Page, heading: string) => page.getByRole("article", { name: heading, exact: true });

describe.skipIf(missing !== null)("the Summary tab in Chromium against the real API (extractive engine)", () => {
  const baseUrl = inject("baseUrl");
  let user: TestUser;
  let api: Api;
  let collection: Domain;
  let browser: Browser | undefined;
  let page: Page;
  const at = (date: string | null, view = "day") =>
    `${baseUrl}/${collection.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}?tab=summary${view === "day" ? "" : `&view=${view}`}${date ? `&date=${date}` : ""}`;

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "summaries");
    api = apiAs(baseUrl, user);
    collection = await api.createCollection({ name: "Daily Reflections", primaryColor: "#7c3aed", isDefault: true });
    const id = collection.id;
    await noteWithTranscript(api, id, DAY, "Morning run", "Morning run along the river felt great. I want to keep the running habit going.");
    await noteWithTranscript(api, id, DAY, "Design review", "The design review went well. The team agreed on the new layout for the journal.");
    await noteWithTranscript(api, id, RELOAD_DAY, "Quiet day", "A quiet day of reading about bees and their hives.");
    await noteWithTranscript(api, id, "2025-03-03", "Garden plan", "Monday planning session for the garden project.");
    await noteWithTranscript(api, id, "2025-03-07", "Planting", "Friday we planted tomatoes in the garden beds.");
    await noteWithTranscript(api, id, "2025-03-09", "Lake trip", "Sunday the whole family visited the lake.");
    await noteWithTranscript(api, id, "2025-02-28", "Reading", "February ended with a quiet evening of reading.");
    // page.route below must see every request: no service worker in between.
    browser = await launchBrowser({ serviceWorkers: "block" });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/daily-reflections`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the empty state with the period's words and button", async () => {
    await page.goto(at(null));
    await page.getByRole("heading", { name: "No summaries yet" }).waitFor();
    await page.getByText("Generate insights from your daily notes", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Generate Summary for Today" }).waitFor();
    await captureScreen(page, "summary-tab-empty", () => page.getByRole("heading", { name: "No summaries yet" }).waitFor());

    await page.goto(at(DAY));
    await page.getByRole("button", { name: "Generate Summary for This Day" }).waitFor();
    await page.goto(at(DAY, "week"));
    await page.getByText("Generate insights from your weekly notes", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Generate Summary for This Week" }).waitFor();
    await page.goto(at(DAY, "month"));
    await page.getByText("Generate insights from your monthly notes", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Generate Summary for This Month" }).waitFor();
  });

  it("generates a general summary: the placeholder shows at once, then the real summary replaces it, even after leaving the tab", async () => {
    await page.goto(at(DAY));
    // On a desktop the rail's calendar stands in for it (hidden there, still rendered).
    await page.getByText("Go to date", { exact: true }).waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Generate Summary for This Day" }).click();
    const dialog = typeDialog(page);
    await dialog.waitFor();
    await dialog.getByText("Wednesday, June 11 · 2 notes", { exact: true }).waitFor();
    await dialog.getByText("No custom summary types created yet. Create your first one below!", { exact: true }).waitFor();
    // The floating go-to-date control hides while the dialog is open.
    expect(await page.getByText("Go to date", { exact: true }).count()).toBe(0);
    expect(await dialog.getByRole("radio", { name: /Medium/ }).isChecked()).toBe(true);
    const generate = dialog.getByRole("button", { name: "Generate Summary" });
    expect(await generate.isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: /^General Summary/ }).click();

    // Hold the request so the placeholder can be seen: the extractive engine answers in milliseconds.
    const hold = deferred();
    await page.route("**/api/summaries/generate", async (route: Route) => {
      await hold.promise;
      await route.continue();
    });
    try {
      await generate.click();
      await dialog.waitFor({ state: "detached" });
      await page.getByText("Go to date", { exact: true }).waitFor({ state: "attached" });
      await placeholder(page).waitFor();
      await placeholder(page).getByText("Generating...", { exact: true }).waitFor();
      await captureScreen(page, "summary-placeholder", () => placeholder(page).waitFor());

      // Leaving the tab while the summary is written loses nothing.
      await page.getByRole("tab", { name: /Notes/ }).click();
      hold.resolve();
      await page.getByRole("tab", { name: /Summary/ }).click();
      const summary = card(page, "General Summary");
      await summary.waitFor();
      await placeholder(page).waitFor({ state: "detached" });
      await summary.getByText("Medium", { exact: true }).waitFor();
      await summary.getByText("From 2 notes", { exact: true }).waitFor();
      await summary.getByText("Written by Offline extractive engine", { exact: true }).waitFor();
      // The extractive summary is longer than the preview: cut at 200 characters, then shown whole.
      await summary.getByRole("button", { name: "Show more" }).click();
      await summary.getByText(/running habit/).waitFor();
      await summary.getByRole("button", { name: "Show less" }).waitFor();
      await page.getByTestId("summary-count").filter({ hasText: /^1\b/ }).waitFor();
      await captureScreen(page, "summary-tab-one", () => summary.waitFor());
    } finally {
      hold.resolve();
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
  });

  it("creates a custom type, keeps the choice exclusive, and generates with it", async () => {
    await page.goto(at(DAY));
    await page.getByRole("button", { name: "Add Another Summary" }).first().click();
    const dialog = typeDialog(page);
    await dialog.waitFor();

    await dialog.getByRole("button", { name: "Create Type" }).click();
    await dialog.getByText("Please provide both a name and a prompt for the summary type.", { exact: true }).waitFor();
    const form = dialog.getByRole("form", { name: "New summary type" });
    await form.getByLabel("Name").fill("Gratitude");
    await form.getByLabel("Prompt").fill("What was I grateful for?");
    await dialog.getByRole("button", { name: "Create Type" }).click();

    const gratitude = dialog.getByRole("button", { name: /^Gratitude/ });
    const general = dialog.getByRole("button", { name: /^General Summary/ });
    await gratitude.waitFor();
    expect(await gratitude.getAttribute("aria-pressed")).toBe("true"); // the new type is chosen
    await general.click();
    expect(await general.getAttribute("aria-pressed")).toBe("true");
    expect(await gratitude.getAttribute("aria-pressed")).toBe("false");
    await general.click(); // a second click deselects
    expect(await general.getAttribute("aria-pressed")).toBe("false");
    expect(await dialog.getByRole("button", { name: "Generate Summary" }).isDisabled()).toBe(true);

    await gratitude.click();
    await dialog.getByText("Short", { exact: true }).click();
    await dialog.getByRole("button", { name: "Generate Summary" }).click();
    const summary = card(page, "Gratitude");
    await summary.waitFor();
    await summary.getByText('"What was I grateful for?"', { exact: true }).waitFor();
    await summary.getByText("Short", { exact: true }).waitFor();
    await card(page, "General Summary").waitFor();
    // Newest first.
    const headings = await page.getByRole("article").locator("h3").allTextContents();
    expect(headings).toEqual(["Gratitude", "General Summary"]);
  });

  it("lists five types in a scrolling list, and edits a type", async () => {
    for (const [name, prompt] of [
      ["Decisions", "Which decisions did I make?"],
      ["Energy", "When did I feel most energetic?"],
      ["Work wins", "What went well at work?"],
      ["Questions", "Which questions keep coming back?"],
    ] as const) {
      await createType(baseUrl, user, { name, prompt, domainId: collection.id });
    }
    await page.goto(at(DAY));
    await page.getByRole("button", { name: "Add Another Summary" }).first().click();
    const dialog = typeDialog(page);
    const list = dialog.getByRole("list", { name: "Custom summary types" });
    await list.getByRole("button", { name: /^Questions/ }).waitFor();
    expect(await list.getByRole("listitem").count()).toBe(5);
    const scrolls = await list.evaluate((el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === "auto");
    expect(scrolls).toBe(true);
    await captureScreen(page, "summary-type-dialog", () => list.getByRole("button", { name: /^Questions/ }).waitFor());
    // The buttons' bar ends the dialog: nothing of the form scrolls into view beneath it.
    const below = await dialog.getByRole("button", { name: "Generate Summary" }).evaluate((button) => {
      const bar = button.parentElement!.getBoundingClientRect();
      const box = button.closest('[role="dialog"]')!.getBoundingClientRect();
      return Math.round(box.bottom - bar.bottom);
    });
    expect(below).toBe(0);

    await dialog.getByRole("button", { name: "Edit Gratitude" }).click();
    const edit = dialog.getByRole("form", { name: "Edit summary type" });
    // An empty name silently does nothing: the form stays open, unchanged on the server.
    await edit.getByLabel("Name").fill("  ");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor();
    await edit.getByLabel("Name").fill("Thankful");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    await list.getByRole("button", { name: /^Thankful/ }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await card(page, "Thankful").waitFor();
  });

  it("pages one summary at a time and follows the paging rule after a delete", async () => {
    // Stays on the page the previous step left (a reload could restore a list persisted a moment earlier).
    await page.getByRole("button", { name: "One at a time" }).click();
    await page.getByRole("heading", { name: "Summaries of the Day" }).waitFor();
    await page.getByText("1 of 2", { exact: true }).waitFor();
    await card(page, "Thankful").waitFor();
    expect(await page.getByRole("button", { name: "Previous", exact: true }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByText("2 of 2", { exact: true }).waitFor();
    await card(page, "General Summary").waitFor();
    expect(await page.getByRole("button", { name: "Next", exact: true }).isDisabled()).toBe(true);
    await captureScreen(page, "summary-tab-paged", () => page.getByText("2 of 2", { exact: true }).waitFor());

    // Deleting the last summary moves to the new last one.
    await card(page, "General Summary").getByRole("button", { name: "Delete summary" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Summary" });
    await confirm.getByText("Are you sure you want to delete this summary? This action cannot be undone.", { exact: true }).waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toastText(page, "Summary deleted").waitFor();
    await toastText(page, "The summary has been removed successfully.").waitFor();
    await page.getByText("1 of 1", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Summary of the Day" }).waitFor();
    await card(page, "Thankful").waitFor();
    // The screen shows the change at once; the server has it once the outbox has sent it.
    await expect.poll(async () => (await api.listSummaries({ domainId: collection.id, period: "day", periodKey: DAY })).length).toBe(1);
    await page.getByRole("button", { name: "All", exact: true }).click();
  });

  it("deletes a type and its summaries go with it", async () => {
    // Stays on the page the previous step left (a reload could restore a list persisted a moment earlier).
    await card(page, "Thankful").getByRole("button", { name: "Add Another Summary" }).click();
    const dialog = typeDialog(page);
    await dialog.getByRole("button", { name: "Delete Thankful" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Summary Type" });
    await confirm.getByText(/All summaries created with this type will be deleted too/).waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: /^Thankful/ }).waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "No summaries yet" }).waitFor();
    await expect.poll(async () => (await api.listSummaries({ domainId: collection.id, period: "day", periodKey: DAY })).length).toBe(0);
  });

  it("reports a failed generation and refreshes the list", async () => {
    // Stays on the page the previous step left (a reload could restore a list persisted a moment earlier).
    await page.route("**/api/summaries/generate", (route: Route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal", message: "boom" } }) }),
    );
    try {
      await page.getByRole("button", { name: "Generate Summary for This Day" }).click();
      await typeDialog(page).getByRole("button", { name: /^General Summary/ }).click();
      await typeDialog(page).getByRole("button", { name: "Generate Summary" }).click();
      await toastText(page, "Failed to generate summary. Please try again.").waitFor();
      await placeholder(page).waitFor({ state: "detached" });
      await page.getByRole("heading", { name: "No summaries yet" }).waitFor();
    } finally {
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
  });

  it("says clearly when a period has no transcribed notes", async () => {
    await page.goto(at(NO_NOTES_DAY));
    await page.getByRole("button", { name: "Generate Summary for This Day" }).click();
    const dialog = typeDialog(page);
    await dialog.getByText("Wednesday, January 1 · 0 notes", { exact: true }).waitFor();
    await dialog.getByText(/There are no transcribed notes in this period yet/).waitFor();
    await dialog.getByRole("button", { name: /^General Summary/ }).click();
    expect(await dialog.getByRole("button", { name: "Generate Summary" }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");

    // The page still believes a note is there (the list stays fresh 30 s, and the change stream
    // that would tell it otherwise is held); the server's 422 is shown, not swallowed.
    const note = await noteWithTranscript(api, collection.id, GONE_DAY, "Soon gone", "A note that another device deletes.");
    await page.route("**/api/events*", () => new Promise<void>(() => {}));
    await page.goto(at(GONE_DAY));
    await page.getByTestId("notes-count").filter({ hasText: /^1\b/ }).waitFor();
    const res = await fetch(`${baseUrl}/api/voice-notes/${note.id}`, { method: "DELETE", headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(res.ok).toBe(true);
    await page.getByRole("button", { name: "Generate Summary for This Day" }).click();
    await typeDialog(page).getByRole("button", { name: /^General Summary/ }).click();
    await typeDialog(page).getByRole("button", { name: "Generate Summary" }).click();
    await toastText(page, "Nothing to summarise yet").waitFor();
    await toastText(page, "There are no transcribed notes in this period to summarise yet.").waitFor();
    await page.getByRole("heading", { name: "No summaries yet" }).waitFor();
    await page.unroute("**/api/events*");
  });

  it("keeps a generation when the page is reloaded while the summary is written", async () => {
    await page.goto(at(RELOAD_DAY));
    const reached = deferred();
    const hold = deferred();
    // The request reaches the server at once; only its answer is kept from the page, which then goes away.
    await page.route("**/api/summaries/generate", async (route: Route) => {
      const response = await route.fetch();
      reached.resolve();
      await hold.promise;
      await route.fulfill({ response }).catch(() => undefined);
    });
    try {
      await page.getByRole("button", { name: "Generate Summary for This Day" }).click();
      await typeDialog(page).getByRole("button", { name: /^General Summary/ }).click();
      await typeDialog(page).getByRole("button", { name: "Generate Summary" }).click();
      await placeholder(page).waitFor();
      await reached.promise;
      await page.reload();
      // The server finished the summary the old page asked for; the new page load shows it, no placeholder left behind.
      await card(page, "General Summary").waitFor();
      await placeholder(page).waitFor({ state: "detached" });
      await card(page, "General Summary").getByText("From 1 note", { exact: true }).waitFor();
    } finally {
      hold.resolve();
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
  });

  it("generates over the notes the week and month navigators show", async () => {
    await page.goto(at(WEEK_DAY, "week"));
    await page.getByTestId("period-headline").getByText("Mar 2 - Mar 8", { exact: true }).waitFor();
    await page.getByTestId("notes-count").filter({ hasText: /^2\b/ }).waitFor();
    await page.getByRole("button", { name: "Generate Summary for This Week" }).click();
    await typeDialog(page).getByText("Mar 2 - Mar 8 · 2 notes", { exact: true }).waitFor();
    await typeDialog(page).getByRole("button", { name: /^General Summary/ }).click();
    await typeDialog(page).getByRole("button", { name: "Generate Summary" }).click();
    const week = card(page, "General Summary");
    await week.getByText("From 2 notes", { exact: true }).waitFor();
    await week.getByRole("button", { name: "Show more" }).click();
    await week.getByText(/planted tomatoes/).waitFor();
    await week.getByText(/Monday planning/).waitFor();
    expect(await week.getByText(/visited the lake/).count()).toBe(0);

    await page.goto(at(WEEK_DAY, "month"));
    await page.getByTestId("period-headline").getByText("March 2025", { exact: true }).waitFor();
    await page.getByTestId("notes-count").filter({ hasText: /^3\b/ }).waitFor();
    await page.getByRole("button", { name: "Generate Summary for This Month" }).click();
    await typeDialog(page).getByText("March 2025 · 3 notes", { exact: true }).waitFor();
    await typeDialog(page).getByRole("button", { name: /^General Summary/ }).click();
    await typeDialog(page).getByRole("button", { name: "Generate Summary" }).click();
    const month = card(page, "General Summary");
    await month.getByText("From 3 notes", { exact: true }).waitFor();
    await month.getByRole("button", { name: "Show more" }).click();
    await month.getByText(/visited the lake/).waitFor();
    expect(await month.getByText(/February ended/).count()).toBe(0);
  });
});

describe.skipIf(missing !== null)("summaries written by an OpenAI-compatible model", () => {
  const baseUrl = inject("openaiSummaryBaseUrl");
  const controlUrl = inject("openaiControlUrl");
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    const user = await signUpUser(baseUrl, "model-summaries");
    const api = apiAs(baseUrl, user);
    const collection = await api.createCollection({ name: "Model Notes", primaryColor: "#0369a1", isDefault: true });
    await noteWithTranscript(api, collection.id, DAY, "Planning", "I planned the week and felt calm about it.");
    browser = await launchBrowser({ serviceWorkers: "block" });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/model-notes`);
  });

  afterAll(async () => {
    await scriptOpenAI(controlUrl, { chatContent: null });
    await browser?.close();
  });

  async function generateGeneral() {
    await page.goto(`${baseUrl}/model-notes?tab=summary&date=${DAY}`);
    await page.getByRole("button", { name: /Generate Summary for This Day|Add Another Summary/ }).first().click();
    await typeDialog(page).getByRole("button", { name: /^General Summary/ }).click();
    await typeDialog(page).getByRole("button", { name: "Generate Summary" }).click();
  }

  it("renders the model's markdown as headings and lists, with its themes and model name", async () => {
    await scriptOpenAI(controlUrl, {
      chatContent: JSON.stringify({ content: "## Heading\n\n- item one\n- item two", themes: ["Planning", "Calm"] }),
    });
    await generateGeneral();
    const summary = card(page, "General Summary");
    await summary.getByRole("heading", { name: "Heading", level: 2 }).waitFor();
    expect(await summary.getByRole("listitem").filter({ hasText: /^item (one|two)$/ }).count()).toBe(2);
    await summary.getByRole("list", { name: "Themes" }).getByText("Calm", { exact: true }).waitFor();
    await summary.getByText(/^Written by AI model /).waitFor();
    // The markdown renderer loads on its own: a page opened on the Summary tab still shows it formatted.
    expect(new URL(page.url()).searchParams.get("tab")).toBe("summary");
    await page.reload();
    await card(page, "General Summary").getByRole("heading", { name: "Heading", level: 2 }).waitFor();
    expect(await card(page, "General Summary").getByRole("listitem").filter({ hasText: /^item (one|two)$/ }).count()).toBe(2);
  });

  it("shows HTML in a model's answer as text: no element is made and no script runs", async () => {
    const answer = 'Plain words <script>window.__xss = 1</script> and <img src=x onerror="window.__xss = 2"> end.';
    await scriptOpenAI(controlUrl, { chatContent: JSON.stringify({ content: answer, themes: ["Safety"] }) });
    try {
      await generateGeneral();
      const summary = page.getByRole("article").filter({ hasText: "Plain words" });
      await summary.getByText(answer, { exact: true }).waitFor();
      expect(await summary.locator("script, img").count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    } finally {
      await scriptOpenAI(controlUrl, { chatContent: null });
    }
  });
});
