import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readZip } from "../../api/test/support/zip";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { chooseMenuItem, openAccountMenu } from "./support/menus";
import { captureScreen, signIn } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] export and import journeys skipped: ${missing}`);

describe.skipIf(missing !== null)("the journal in and out, in Chromium", () => {
  const baseUrl = inject("baseUrl");
  let source: TestUser;
  let browser: Browser | undefined;

  beforeAll(async () => {
    source = await signUpUser(baseUrl, "export");
    const api = apiAs(baseUrl, source);
    const home = await api.createCollection({ name: "Kitchen Notes", primaryColor: "#b45309", isDefault: true });
    for (const title of ["Sourdough starter", "Tomato sauce"]) {
      const note = await api.uploadNote({ domainId: home.id, title, createdAt: "2026-03-10T12:00:00.000Z" });
      await api.setTranscript(note.id, `About the ${title.toLowerCase()}.`);
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("Export my journal downloads a zip whose journal.json lists the notes; another account imports it and reads the result", async () => {
    const page = browser!.context.pages()[0] ?? (await browser!.context.newPage());
    await signIn(page, baseUrl, source.email, source.password);
    await page.waitForURL(`${baseUrl}/kitchen-notes`);
    await openAccountMenu(page);
    const downloading = page.waitForEvent("download");
    await chooseMenuItem(page, "Export my journal");
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^voice-journal-\d{4}-\d{2}-\d{2}\.zip$/);
    const zipPath = `${await download.path()}`;
    const entries = await readZip(fs.readFileSync(zipPath));
    const journal = JSON.parse(entries.get("journal.json")!.toString("utf8")) as { collections: { name: string; notes: { title: string }[] }[] };
    expect(journal.collections.map((c) => c.name)).toEqual(["Kitchen Notes"]);
    expect(journal.collections[0]!.notes.map((n) => n.title).sort()).toEqual(["Sourdough starter", "Tomato sauce"]);
    expect([...entries.keys()].filter((k) => k.startsWith("audio/kitchen-notes/"))).toHaveLength(2);

    // The collection card's Export gives that collection alone.
    await page.goto(`${baseUrl}/collections`);
    const oneDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export Kitchen Notes" }).click();
    expect((await oneDownload).suggestedFilename()).toMatch(/\.zip$/);

    // A second account restores it from the account menu.
    const target = await signUpUser(baseUrl, "import");
    await apiAs(baseUrl, target).createCollection({ name: "Elsewhere", primaryColor: "#0f766e", isDefault: true });
    await page.evaluate(() => localStorage.clear());
    await signIn(page, baseUrl, target.email, target.password);
    await page.waitForURL(`${baseUrl}/elsewhere`);
    await openAccountMenu(page);
    await chooseMenuItem(page, "Import a journal export");
    await page.getByRole("dialog", { name: "Import a journal export" }).waitFor();
    await page.getByLabel("Journal export file").setInputFiles(zipPath);
    await captureScreen(page, "import-dialog", () => page.getByRole("button", { name: "Import", exact: true }).waitFor());
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByTestId("import-result").getByText("2 notes, 0 summaries imported; 0 already there").waitFor({ timeout: 30_000 });
    await captureScreen(page, "import-result", () => page.getByTestId("import-result").waitFor());
    await page.getByRole("button", { name: "Done" }).click();
    const restored = (await apiAs(baseUrl, target).listCollections()).map((c) => c.name).sort();
    expect(restored).toEqual(["Elsewhere", "Kitchen Notes"]);
  });
});
