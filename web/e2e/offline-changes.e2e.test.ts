import { afterEach, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import type { VoiceNote } from "@vj/core";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { fakeMicrophoneArgs, makeSpeechWav } from "./support/microphone";
import { captureScreen, recordingTimerFrom, signIn, toastText } from "./support/page";
import { todayKey } from "./support/journey-day";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] offline change journeys skipped: ${missing}`);

/**
 * Tidying a journal on a plane: every change made offline is kept, shown at once and after a
 * reload, and reaches the server exactly once when the connection is back (DESIGN §13).
 */
describe.skipIf(missing !== null)("changes made offline, in Chromium", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser | undefined;
  let user: TestUser;
  let domainId: string;
  let page: Page;
  let context: BrowserContext;

  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  const notes = (): Promise<VoiceNote[]> => apiAs(baseUrl, user).listNotes({ domainId, period: "day", periodKey: todayKey() });
  const card = (title: string) => page.getByTestId("note-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

  /** A new user with a "Trips" collection holding `seed`, signed in, the page under the service worker. */
  async function open(label: string, seed: { title: string; transcript?: string }[], launch: Parameters<typeof launchBrowser>[0] = {}) {
    user = await signUpUser(baseUrl, label);
    domainId = (await apiAs(baseUrl, user).createCollection({ name: "Trips", primaryColor: "#0369a1", isDefault: true })).id;
    for (const [i, s] of seed.entries()) {
      const note = await apiAs(baseUrl, user).uploadNote({ domainId, title: s.title, createdAt: new Date(Date.now() - (seed.length - i) * 60_000).toISOString() });
      if (s.transcript) await apiAs(baseUrl, user).setTranscript(note.id, s.transcript);
    }
    browser = await launchBrowser({ ...launch });
    context = browser.context;
    page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/trips`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    for (const s of seed) await card(s.title).waitFor();
    // The journal the page showed is saved for offline use (throttled writes: wait for it).
    const last = seed.at(-1)?.title ?? "Trips";
    await page.waitForFunction((title) => (localStorage.getItem("voice-journal.query-cache") ?? "").includes(title), last);
  }

  it("offline: rename, edit a transcript, delete — still shown after a reload offline — then the server has exactly those", async () => {
    await open("offline-changes", [
      { title: "Rename me", transcript: "Words about the harbour." },
      { title: "Edit my transcript", transcript: "Before the edit." },
      { title: "Delete me", transcript: "Soon gone." },
      { title: "Untouched", transcript: "Stays as it is." },
    ]);
    // The collection's and the day's figures, as the desktop rail and its calendar show them.
    const today = todayKey();
    const railCount = () => page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: /^Trips/ }).textContent();
    const dayCount = () => page.getByTestId("month-calendar").locator(`[data-day="${today}"]`).getAttribute("data-notes");
    await expect.poll(railCount).toContain("4 recordings");
    await expect.poll(dayCount).toBe("4");
    await context.setOffline(true);

    await card("Rename me").getByRole("button", { name: "Edit title of Rename me" }).click();
    await page.getByLabel("Note title").fill("Renamed on the plane");
    await page.getByLabel("Note title").press("Enter");
    await card("Renamed on the plane").getByTestId("waiting-to-sync").waitFor();

    await card("Edit my transcript").getByRole("button", { name: "Edit transcript" }).click();
    await page.getByRole("textbox", { name: "Transcript" }).fill("After the edit, at thirty thousand feet.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await card("Edit my transcript").getByText("After the edit, at thirty thousand feet.").waitFor();
    await card("Edit my transcript").getByTestId("waiting-to-sync").waitFor();

    await card("Delete me").getByRole("button", { name: "Delete Delete me" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    // The dialog closes once the delete is kept on the device. While it is open the cards behind it
    // are aria-hidden, so their headings match no role query: the card seemed gone at once, and a
    // reload then cut the delete's write short.
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    await card("Delete me").waitFor({ state: "detached" });
    expect(await page.getByText("Saving...").count()).toBe(0);
    // Its collection and its day count one note less at once, not when the server has the delete.
    await expect.poll(railCount).toContain("3 recordings");
    await expect.poll(dayCount).toBe("3");

    // Reload with no connection: the app opens from its cache, and every change is still shown.
    await page.reload();
    await card("Renamed on the plane").getByTestId("waiting-to-sync").waitFor();
    await card("Edit my transcript").getByText("After the edit, at thirty thousand feet.").waitFor();
    await card("Untouched").waitFor();
    await card("Delete me").waitFor({ state: "detached" });
    expect(await card("Rename me").count()).toBe(0);
    await captureScreen(page, "offline-changes-waiting", () => card("Renamed on the plane").getByTestId("waiting-to-sync").waitFor());
    // Nothing reached the server meanwhile.
    expect((await notes()).map((n) => n.title).sort()).toEqual(["Delete me", "Edit my transcript", "Rename me", "Untouched"]);

    await context.setOffline(false);
    await expect
      .poll(async () => (await notes()).map((n) => [n.title, n.transcription]).sort(), { timeout: 30_000 })
      .toEqual([
        ["Edit my transcript", "After the edit, at thirty thousand feet."],
        ["Renamed on the plane", "Words about the harbour."],
        ["Untouched", "Stays as it is."],
      ]);
    await expect.poll(() => page.getByTestId("waiting-to-sync").count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByText("Saving...").count()).toBe(0);
    await card("Renamed on the plane").waitFor();
  }, 120_000);

  it("the server out of reach while the browser counts itself online: search shows a note renamed here by its new name, and not one deleted here", async () => {
    await open("search-waiting", [
      { title: "Harbour walk", transcript: "We walked along the harbour at dawn." },
      { title: "Harbour lunch", transcript: "Fish and chips by the harbour wall." },
      { title: "Market", transcript: "Bread and cheese." },
    ]);
    // Every change meets a 503 (the page's and the worker's: context routes see both): it waits here.
    await context.route("**/api/voice-notes/*", async (route) => {
      if (!["PATCH", "DELETE"].includes(route.request().method())) return route.fallback();
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "engine_unavailable", message: "The server is restarting" } }),
      });
    });
    await card("Harbour walk").getByRole("button", { name: "Edit title of Harbour walk" }).click();
    await page.getByLabel("Note title").fill("Dawn by the water");
    await page.getByLabel("Note title").press("Enter");
    await card("Dawn by the water").getByTestId("waiting-to-sync").waitFor();
    await card("Harbour lunch").getByRole("button", { name: "Delete Harbour lunch" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    await card("Harbour lunch").waitFor({ state: "detached" });
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    await page.goto(`${baseUrl}/search?q=harbour`);
    const titles = ["Dawn by the water", "Harbour walk", "Harbour lunch"];
    const shown = async () => (await page.getByTestId("search-hit").allTextContents()).map((text) => titles.filter((t) => text.includes(t)));
    await expect.poll(shown, { timeout: 15_000 }).toEqual([["Dawn by the water"]]);
    // The server still has both notes as they were: the results are what this device says.
    expect((await notes()).map((n) => n.title).sort()).toEqual(["Harbour lunch", "Harbour walk", "Market"]);
    await captureScreen(page, "search-waiting-changes", () => page.getByTestId("search-hit").first().waitFor());
  });

  it("a rename waiting while the list is refreshed from the server's older copy: from the moment the server has it, the note keeps its new name", async () => {
    await open("rename-refreshed", [
      { title: "Harbour walk", transcript: "We walked along the harbour at dawn." },
      { title: "Market", transcript: "Bread and cheese." },
    ]);
    // The server out of reach for changes: the rename waits here.
    await context.route("**/api/voice-notes/*", async (route) => {
      if (route.request().method() !== "PATCH") return route.fallback();
      await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "engine_unavailable", message: "The server is restarting" } }) });
    });
    await card("Harbour walk").getByRole("button", { name: "Edit title of Harbour walk" }).click();
    await page.getByLabel("Note title").fill("Dawn by the water");
    await page.getByLabel("Note title").press("Enter");
    await card("Dawn by the water").getByTestId("waiting-to-sync").waitFor();
    // A note recorded on another device meanwhile: the page reads the day's list again, and the
    // server's answer still has the old title.
    await apiAs(baseUrl, user).uploadNote({ domainId, title: "From the phone" });
    await card("From the phone").waitFor({ timeout: 30_000 });
    await card("Dawn by the water").getByTestId("waiting-to-sync").waitFor();

    // Back in reach, with the list's reads slow: between the rename's delivery and the next read
    // the card keeps the new name, and an edit made then is made on it.
    await context.unroute("**/api/voice-notes/*");
    const lists = (url: URL) => url.pathname === "/api/voice-notes";
    await context.route(lists, async (route) => {
      if (route.request().method() === "GET") await new Promise((r) => setTimeout(r, 6_000));
      await route.fallback();
    });
    try {
      await expect.poll(async () => (await notes()).map((n) => n.title).sort(), { timeout: 30_000 }).toEqual(["Dawn by the water", "From the phone", "Market"]);
      await expect.poll(() => page.getByTestId("waiting-to-sync").count(), { timeout: 30_000 }).toBe(0);
      expect(await card("Harbour walk").count()).toBe(0);
      await card("Dawn by the water").getByRole("button", { name: "Edit title of Dawn by the water" }).click();
      await page.getByLabel("Note title").fill("Dawn by the harbour wall");
      await page.getByLabel("Note title").press("Enter");
      await expect.poll(async () => (await notes()).map((n) => n.title).sort(), { timeout: 30_000 }).toEqual(["Dawn by the harbour wall", "From the phone", "Market"]);
      expect(await page.getByTestId("change-conflict").count()).toBe(0);
    } finally {
      await context.unroute(lists);
    }
  });

  it("a transcript edited offline here and meanwhile on another device: both texts are shown, and the person chooses", async () => {
    await open("offline-conflict", [{ title: "Harbour walk", transcript: "We walked to the harbour." }]);
    const [note] = await notes();
    await context.setOffline(true);
    await card("Harbour walk").getByRole("button", { name: "Edit transcript" }).click();
    await page.getByRole("textbox", { name: "Transcript" }).fill("We walked to the harbour at dawn, written on the phone.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await card("Harbour walk").getByTestId("waiting-to-sync").waitFor();
    // Another device edits the same transcript while this one is offline.
    await apiAs(baseUrl, user).setTranscript(note!.id, "We walked to the harbour, written on the laptop.");

    await context.setOffline(false);
    const conflict = card("Harbour walk").getByTestId("change-conflict");
    await conflict.waitFor({ timeout: 30_000 });
    await conflict.getByText("Changed on another device").waitFor();
    expect(await conflict.getByTestId("conflict-theirs").textContent()).toBe("We walked to the harbour, written on the laptop.");
    expect(await conflict.getByTestId("conflict-mine").textContent()).toBe("We walked to the harbour at dawn, written on the phone.");
    // Neither version was lost: the server kept the other device's until the person chooses.
    expect((await notes())[0]!.transcription).toBe("We walked to the harbour, written on the laptop.");
    await captureScreen(page, "offline-change-conflict", () => conflict.waitFor());

    await conflict.getByRole("button", { name: "Keep mine" }).click();
    await expect.poll(async () => (await notes())[0]!.transcription, { timeout: 30_000 }).toBe("We walked to the harbour at dawn, written on the phone.");
    await conflict.waitFor({ state: "detached" });
  }, 120_000);
  it("collections: edited offline, then sent; deleted with a confirmation that counts what goes with it", async () => {
    await open("offline-collections", [{ title: "A day out" }]);
    const old = await apiAs(baseUrl, user).createCollection({ name: "Old stuff", primaryColor: "#b91c1c" });
    await apiAs(baseUrl, user).uploadNote({ domainId: old.id, title: "Old note" });
    await page.goto(`${baseUrl}/collections`);
    const collectionCard = (name: string) => page.getByTestId("collection-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
    await collectionCard("Old stuff").waitFor();

    await context.setOffline(true);
    await collectionCard("Trips").getByRole("button", { name: "Edit Trips" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Collection" });
    await dialog.getByLabel("Collection Name").fill("Journeys");
    await dialog.getByLabel(/Description/).fill("Everywhere we went");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await dialog.waitFor({ state: "detached" });
    await collectionCard("Journeys").getByTestId("waiting-to-sync").waitFor();
    await collectionCard("Journeys").getByText("Everywhere we went").waitFor();
    expect((await apiAs(baseUrl, user).listCollections()).map((c) => c.name).sort()).toEqual(["Old stuff", "Trips"]);

    await context.setOffline(false);
    await expect
      .poll(async () => (await apiAs(baseUrl, user).listCollections()).map((c) => [c.name, c.slug, c.description]).sort(), { timeout: 30_000 })
      .toEqual([
        ["Journeys", "trips", "Everywhere we went"],
        ["Old stuff", "old-stuff", null],
      ]);
    await expect.poll(() => page.getByTestId("waiting-to-sync").count(), { timeout: 15_000 }).toBe(0);

    await collectionCard("Old stuff").getByRole("button", { name: "Delete Old stuff" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText('Are you sure you want to delete "Old stuff" with its 1 note and 0 summaries? This action cannot be undone.').waitFor();
    await captureScreen(page, "collection-delete-confirmation", () => confirm.getByText(/its 1 note and 0 summaries/).waitFor());
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await collectionCard("Old stuff").waitFor({ state: "detached" });
    await expect.poll(async () => (await apiAs(baseUrl, user).listCollections()).map((c) => c.name), { timeout: 30_000 }).toEqual(["Journeys"]);
    // Its address is free again.
    expect((await apiAs(baseUrl, user).createCollection({ name: "Old stuff", primaryColor: "#b91c1c" })).slug).toBe("old-stuff");
  }, 120_000);

  it("a summary asked for offline waits with a card that says so, and is written once the connection is back", async () => {
    await open("offline-summary", [{ title: "Ferry crossing", transcript: "The ferry crossed in fog. We talked about moving north in spring." }]);
    const today = todayKey();
    const summaries = () => apiAs(baseUrl, user).listSummaries({ domainId, period: "day", periodKey: today });
    await page.getByRole("tab", { name: /Summary/ }).click();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Generate Summary for Today" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose a summary type" });
    await dialog.getByRole("button", { name: /^General Summary/ }).click();
    await dialog.getByRole("button", { name: "Generate Summary" }).click();
    await dialog.waitFor({ state: "detached" });
    const waiting = page.getByRole("article", { name: "General Summary: waiting to sync" });
    await waiting.getByText("Waiting to sync. This summary will be written once you are back online.", { exact: true }).waitFor();
    await captureScreen(page, "summary-waiting-offline", () => waiting.waitFor());
    expect(await summaries()).toEqual([]);

    await context.setOffline(false);
    const written = page.getByRole("article", { name: "General Summary", exact: true });
    await written.getByText("From 1 note", { exact: true }).waitFor({ timeout: 30_000 });
    await waiting.waitFor({ state: "detached" });
    await expect.poll(async () => (await summaries()).length, { timeout: 15_000 }).toBe(1);
  }, 120_000);

  it("a collection created offline, a recording made into it, a reload still offline — back online the server has that one collection with the note in it", async () => {
    await open("offline-create", [], { args: fakeMicrophoneArgs(makeSpeechWav("Gulls over the harbour at dawn.")) });
    await page.goto(`${baseUrl}/collections`);
    const collectionCard = (name: string) => page.getByTestId("collection-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
    await collectionCard("Trips").waitFor();

    await context.setOffline(true);
    await page.getByRole("button", { name: "New Collection" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Collection" });
    await dialog.getByLabel("Collection Name").fill("Harbour walks");
    await dialog.getByLabel(/Description/).fill("Made on the ferry");
    await dialog.getByRole("button", { name: "Create Collection" }).click();
    await dialog.waitFor({ state: "detached" });
    const created = collectionCard("Harbour walks");
    await created.getByTestId("waiting-to-sync").waitFor();
    await created.getByText("Made on the ferry").waitFor();
    await created.getByText("No recordings").waitFor();
    await captureScreen(page, "collection-created-offline", () => created.getByTestId("waiting-to-sync").waitFor());

    await created.getByRole("button", { name: "Open Collection" }).click();
    await page.waitForURL(`${baseUrl}/harbour-walks`);
    // The desktop rail lists it too, as the collection shown.
    await page.getByRole("navigation", { name: "Collections" }).locator('a[aria-current="page"]').getByText("Harbour walks", { exact: true }).waitFor();
    await captureScreen(page, "collection-created-offline-journal", () => page.getByRole("button", { name: "Start recording", exact: true }).waitFor());
    await page.getByRole("button", { name: "Start recording", exact: true }).click();
    // Two seconds or more: a loaded machine may paint the timer past 0:02 without showing it.
    await recordingTimerFrom(page, 2).waitFor();
    await page.getByPlaceholder("Add a title (optional)").fill("Gulls at dawn");
    await page.getByRole("button", { name: "Finish" }).click();
    await toastText(page, "Saved Offline").waitFor();
    const pending = page.getByTestId("pending-upload");
    await pending.getByText("Gulls at dawn", { exact: true }).waitFor();
    // The list as the page shows it is saved for the reload (throttled writes: wait for it).
    await page.waitForFunction(() => (localStorage.getItem("voice-journal.query-cache") ?? "").includes("Harbour walks"));

    // Reload with no connection: the collection opens from the device, its recording still waits.
    await page.reload();
    await pending.getByText("Gulls at dawn", { exact: true }).waitFor();
    await page.goto(`${baseUrl}/collections`);
    await created.getByTestId("waiting-to-sync").waitFor();
    // Nothing reached the server meanwhile.
    expect((await apiAs(baseUrl, user).listCollections()).map((c) => c.name)).toEqual(["Trips"]);

    await context.setOffline(false);
    await expect
      .poll(async () => (await apiAs(baseUrl, user).listCollections()).map((c) => [c.name, c.slug, c.description]).sort(), { timeout: 30_000 })
      .toEqual([
        ["Harbour walks", "harbour-walks", "Made on the ferry"],
        ["Trips", "trips", null],
      ]);
    const harbour = (await apiAs(baseUrl, user).listCollections()).find((c) => c.name === "Harbour walks")!;
    const today = todayKey();
    await expect
      .poll(async () => (await apiAs(baseUrl, user).listNotes({ domainId: harbour.id, period: "day", periodKey: today })).map((n) => n.title), { timeout: 30_000 })
      .toEqual(["Gulls at dawn"]);
    expect((await apiAs(baseUrl, user).listNotes({ domainId, period: "day", periodKey: today })).map((n) => n.title)).toEqual([]);
    await expect.poll(() => page.getByTestId("waiting-to-sync").count(), { timeout: 15_000 }).toBe(0);
    await created.getByRole("button", { name: "Open Collection" }).click();
    await page.waitForURL(`${baseUrl}/harbour-walks`);
    await page.getByText("Gulls at dawn", { exact: true }).waitFor();
    expect(await pending.count()).toBe(0);
    expect(await page.getByText("Saving...").count()).toBe(0);
  }, 180_000);
});
