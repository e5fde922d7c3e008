import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readZip } from "../../api/test/support/zip";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { FIXTURE_WEBM, apiAs, signUpUser, type TestUser } from "./support/api";
import { makeSpeechWav } from "./support/microphone";
import { chooseMenuItem, openAccountMenu } from "./support/menus";
import { todayKey } from "./support/journey-day";
import { SIZES, captureScreen, signIn } from "./support/page";

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

  it("two audio files imported while offline wait as pending cards, then upload and are transcribed once online; a non-audio file is left out with a reason", async () => {
    const user = await signUpUser(baseUrl, "import-audio");
    await apiAs(baseUrl, user).createCollection({ name: "Field Recordings", primaryColor: "#7c3aed", isDefault: true });
    const dir = fs.mkdtempSync(`${(await import("node:os")).tmpdir()}/vj-import-audio-`);
    const wav = `${dir}/Harbour_walk.wav`;
    fs.copyFileSync(makeSpeechWav("The boats came in early this morning."), wav);
    const webm = `${dir}/Voice memo 12.webm`;
    fs.copyFileSync(FIXTURE_WEBM, webm);
    const pdf = `${dir}/receipt.pdf`;
    fs.writeFileSync(pdf, "%PDF-1.4 not audio");
    // Midday UTC: 10 March in the journeys' zone too (support/journey-day.ts).
    fs.utimesSync(wav, new Date("2026-03-10T12:30:00Z"), new Date("2026-03-10T12:30:00Z"));

    // A browser of its own: the first journey's is signed in as someone else.
    const own = await launchBrowser();
    const context = own.context;
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/field-recordings`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    try {
      await page.getByRole("button", { name: "Import audio" }).first().click();
      await page.getByRole("dialog", { name: "Import audio" }).waitFor();
      await page.getByLabel("Audio files").setInputFiles([wav, webm, pdf]);
      await page.getByTestId("import-audio-item").nth(1).waitFor();
      await page.getByText("receipt.pdf is not an audio file; it is left out.").waitFor();
      const first = page.getByTestId("import-audio-item").first();
      expect(await first.getByLabel("Title").inputValue()).toBe("Harbour walk");
      expect(await first.getByLabel("Recorded").inputValue()).toMatch(/^2026-03-10T\d{2}:30$/);
      await captureScreen(page, "import-audio-dialog", () => page.getByTestId("import-audio-item").nth(1).waitFor());
      // On a phone the chosen files scroll inside the dialog; its Save button stays in view below them.
      await page.setViewportSize(SIZES.mobile);
      const save = page.getByRole("button", { name: "Save 2 recordings" });
      const box = await save.boundingBox();
      expect(box!.y + box!.height, "the Save button is below the phone's screen").toBeLessThanOrEqual(SIZES.mobile.height);
      await save.click();
      const pending = page.getByTestId("pending-upload");
      await expect.poll(() => pending.count()).toBe(2);
    } finally {
      await context.setOffline(false);
    }
    const api = apiAs(baseUrl, user);
    const [collection] = await api.listCollections();
    const titles = async () => {
      const march = await api.listNotes({ domainId: collection!.id, period: "day", periodKey: "2026-03-10" });
      const today = await api.listNotes({ domainId: collection!.id, period: "day", periodKey: todayKey() });
      return [...march, ...today];
    };
    await expect.poll(async () => (await titles()).map((n) => n.title).sort(), { timeout: 60_000 }).toEqual(["Harbour walk", "Voice memo 12"]);
    await expect.poll(async () => (await titles()).every((n) => n.hasTranscription), { timeout: 60_000 }).toBe(true);
    const harbour = (await titles()).find((n) => n.title === "Harbour walk")!;
    expect(harbour.createdAt.slice(0, 10)).toBe("2026-03-10");
    await own.close();
  });

  it("declares a share target Chromium's manifest parser accepts; a file shared as Android posts it waits in the outbox until its collection is confirmed", async () => {
    const user = await signUpUser(baseUrl, "share");
    const api = apiAs(baseUrl, user);
    await api.createCollection({ name: "Inbox", primaryColor: "#2563eb", isDefault: true });
    const podcasts = await api.createCollection({ name: "Podcast Ideas", primaryColor: "#db2777", isDefault: false });
    const own = await launchBrowser();
    try {
      const page = own.context.pages()[0] ?? (await own.context.newPage());
      await signIn(page, baseUrl, user.email, user.password);
      await page.waitForURL(`${baseUrl}/inbox`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();

      const cdp = await own.context.newCDPSession(page);
      const manifest = (await cdp.send("Page.getAppManifest")) as { errors: { message: string }[]; data: string };
      expect(manifest.errors).toEqual([]);
      const shareTarget = (JSON.parse(manifest.data) as { share_target: { action: string; method: string; enctype: string; params: { files: { name: string; accept: string[] }[] } } }).share_target;
      expect(shareTarget).toMatchObject({ action: "/share-target", method: "POST", enctype: "multipart/form-data" });
      expect(shareTarget.params.files[0]).toMatchObject({ name: "audio" });
      expect(shareTarget.params.files[0]!.accept).toContain("audio/*");

      // What Android does: a navigation that POSTs the form to the share target.
      const bytes = [...fs.readFileSync(FIXTURE_WEBM)];
      await page.evaluate((data) => {
        const form = document.createElement("form");
        form.method = "POST";
        form.action = "/share-target";
        form.enctype = "multipart/form-data";
        const input = document.createElement("input");
        input.type = "file";
        input.name = "audio";
        const files = new DataTransfer();
        files.items.add(new File([new Uint8Array(data)], "Shared memo.webm", { type: "audio/webm" }));
        input.files = files.files;
        form.append(input);
        document.body.append(form);
        form.submit();
      }, bytes);
      const dialog = page.getByRole("dialog", { name: "A shared recording" });
      await dialog.waitFor({ timeout: 30_000 });
      await dialog.getByText("Shared memo", { exact: true }).waitFor();
      expect(await api.listNotes({ domainId: podcasts.id, period: "day", periodKey: todayKey() })).toEqual([]);
      await captureScreen(page, "share-target-confirm", () => dialog.waitFor());
      await dialog.getByLabel("Collection").selectOption({ label: "Podcast Ideas" });
      await dialog.getByRole("button", { name: "Save to Podcast Ideas" }).click();
      await expect
        .poll(async () => (await api.listNotes({ domainId: podcasts.id, period: "day", periodKey: todayKey() })).map((n) => n.title), { timeout: 30_000 })
        .toEqual(["Shared memo"]);
    } finally {
      await own.close();
    }
  });
});
