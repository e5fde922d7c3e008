import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { FIXTURE_WEBM, apiAs, signUpUser, type TestUser } from "./support/api";
import { chooseMenuItem, openAccountMenu } from "./support/menus";
import { captureScreen, signIn, toastText } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] settings journey skipped: ${missing}`);

// Not the machine's zone (UTC here), and one with a quarter-hour offset: the screen shows the browser's own.
const TIME_ZONE = "Asia/Kathmandu";
// How the browser names it: Chromium's ICU still reports the zone's older spelling, Asia/Katmandu.
const SHOWN_ZONE = /^Asia\/Kath?mandu$/;

describe.skipIf(missing !== null)("the Settings screen in Chromium against the real API", () => {
  const baseUrl = inject("baseUrl");
  let user: TestUser;
  let browser: Browser | undefined;

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "settings");
    await apiAs(baseUrl, user).createCollection({ name: "Daily Log", primaryColor: "#0d9488", isDefault: true });
    browser = await launchBrowser({ timezoneId: TIME_ZONE });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("opens from the account menu with the time zone notes are filed in and what waits on this device, also offline", async () => {
    const context = browser!.context;
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/daily-log`);
    // The precached app answers the offline reload below once its worker controls the page.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await openAccountMenu(page);
    await chooseMenuItem(page, "Settings");
    await page.waitForURL(`${baseUrl}/settings`);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await page.getByTestId("time-zone").getByText(SHOWN_ZONE).waitFor();
    await page.getByText("GMT+05:45").waitFor();
    await page.getByTestId("outbox-count").getByText("0", { exact: true }).waitFor();
    // The header names the collection the logo goes back to.
    await page.getByTestId("current-collection").getByText("Daily Log", { exact: true }).waitFor();

    // A recording kept offline waits on this device: the screen counts it and its size.
    await page.goBack();
    await page.waitForURL(`${baseUrl}/daily-log`);
    await context.setOffline(true);
    try {
      await page.getByRole("button", { name: "Import audio" }).first().click();
      await page.getByLabel("Audio files").setInputFiles(FIXTURE_WEBM);
      await page.getByRole("button", { name: "Save recording" }).click();
      await page.getByTestId("pending-upload").waitFor();

      await openAccountMenu(page);
      await chooseMenuItem(page, "Settings");
      await page.getByTestId("outbox-count").getByText("1", { exact: true }).waitFor();
      expect(await page.getByTestId("outbox-size").textContent()).toMatch(/^\d+ KB of 80 MB$/);
      await page.getByTestId("storage-persistence").getByText(/Kept|Not guaranteed/).waitFor();
      await captureScreen(page, "settings", () => page.getByTestId("outbox-count").getByText("1", { exact: true }).waitFor());

      // It needs no server: reloaded with no network, it shows the same from the device alone.
      await page.reload();
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
      await page.getByTestId("time-zone").getByText(SHOWN_ZONE).waitFor();
      await page.getByTestId("outbox-count").getByText("1", { exact: true }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    // Back online the recording is delivered, and the count follows without a reload.
    await page.getByTestId("outbox-count").getByText("0", { exact: true }).waitFor({ timeout: 30_000 });
  });

  it("offline, what needs the server says so at once: export, import and account deletion never wait unseen", async () => {
    const other = await launchBrowser({ timezoneId: TIME_ZONE });
    const context = other.context;
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await signIn(page, baseUrl, user.email, user.password);
      await page.waitForURL(`${baseUrl}/daily-log`);
      await context.setOffline(true);

      await openAccountMenu(page);
      await chooseMenuItem(page, "Delete Account");
      await page.getByLabel("Type delete to confirm").fill("delete");
      await page.getByText("Deleting your account needs a connection.", { exact: false }).waitFor();
      expect(await page.getByRole("button", { name: "Delete Account" }).isDisabled()).toBe(true);
      await captureScreen(page, "delete-account-offline", () => page.getByText("Deleting your account needs a connection.", { exact: false }).waitFor());
      // The dialog still closes: nothing was started.
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("dialog").waitFor({ state: "detached" });

      await openAccountMenu(page);
      await chooseMenuItem(page, "Import a journal export");
      await page.getByLabel("Journal export file").setInputFiles({ name: "journal.zip", mimeType: "application/zip", buffer: Buffer.from("PK") });
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await page.getByRole("alert").getByText("You're offline. This needs a connection: try again when you're back online.").waitFor();
      await page.keyboard.press("Escape");

      await openAccountMenu(page);
      await chooseMenuItem(page, "Export my journal");
      await toastText(page, "You're offline. This needs a connection: try again when you're back online.").waitFor();

      // Back online the account is still there and the same dialog may delete it.
      await context.setOffline(false);
      expect((await apiAs(baseUrl, user).listCollections()).length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
