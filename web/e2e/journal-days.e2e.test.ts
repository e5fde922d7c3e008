import { addDaysToKey, REMINDER_TITLE } from "@vj/core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { brightnessAt, captureScreen, fixedControlsOver, signIn, SIZES } from "./support/page";
import { JOURNEY_TZ, todayKey } from "./support/journey-day";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] calendar, On This Day and reminder journeys skipped: ${missing}`);

const noonUtc = (day: string) => `${day}T12:00:00.000Z`;

/** The registration id Chromium's DevTools protocol knows the app's service worker by. */
async function registrationId(page: Page, baseUrl: string): Promise<{ id: string; detach(): Promise<void>; send: (m: string, p: object) => Promise<unknown> }> {
  const cdp = await page.context().newCDPSession(page);
  const id = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${baseUrl}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return { id: await id, detach: () => cdp.detach(), send: (m, p) => cdp.send(m as never, p as never) };
}

describe.skipIf(missing !== null)("the journal by day in Chromium: calendar, streak, On This Day, the desktop rail, reminders", () => {
  const baseUrl = inject("baseUrl");
  let user: TestUser;
  let browser: Browser | undefined;
  let page: Page;
  const today = todayKey();
  const yesterday = addDaysToKey(today, -1);
  const threeDaysAgo = addDaysToKey(today, -3);
  // The same date a year earlier (29 February comes back on the 28th).
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4) === "-02-29" ? "-02-28" : today.slice(4)}`;
  let oldNoteId: string;
  let gardenId: string;

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "days");
    const api = apiAs(baseUrl, user);
    const garden = await api.createCollection({ name: "Garden Diary", primaryColor: "#15803d", isDefault: true });
    gardenId = garden.id;
    await api.createCollection({ name: "Work Log", primaryColor: "#7c3aed" });
    // Yesterday and today in a row, a gap, then three days ago; and one note a year back.
    await api.uploadNote({ domainId: garden.id, title: "Morning frost", createdAt: new Date(Date.now() - 60_000).toISOString() });
    for (const title of ["Seedlings up", "Watered the beds"]) await api.uploadNote({ domainId: garden.id, title, createdAt: noonUtc(yesterday) });
    await api.uploadNote({ domainId: garden.id, title: "Compost turned", createdAt: noonUtc(threeDaysAgo) });
    const old = await api.uploadNote({ domainId: garden.id, title: "First tomatoes", createdAt: noonUtc(yearAgo), duration: 42 });
    oldNoteId = old.id;
    await api.setTranscript(old.id, "The first tomatoes were ripe this morning, small and sweet.\nMore next week.");
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/garden-diary`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("on a desktop the rail shows the collections, the month with its marks and streak, and On This Day; a day opens from it", async () => {
    await page.setViewportSize(SIZES.desktop);
    const rail = page.getByRole("complementary", { name: "Your journal at a glance" });
    await rail.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: /Garden Diary/ }).waitFor();
    const calendar = rail.getByTestId("month-calendar");
    await calendar.locator(`[data-day="${today}"][data-notes="1"]`).waitFor();
    // (When today is the 1st, yesterday is in the month before: the rail shows today's month.)
    if (yesterday.slice(0, 7) === today.slice(0, 7)) expect(await calendar.locator(`[data-day="${yesterday}"]`).getAttribute("data-notes")).toBe("2");
    await calendar.getByTestId("streak").getByText("2 days in a row").waitFor();
    await calendar.getByTestId("longest-streak").getByText("Longest: 2 days in a row").waitFor();
    expect(await calendar.getByRole("button", { name: /, 1 note, today$/ }).getAttribute("data-day")).toBe(today);
    await calendar.getByRole("button", { name: "Earlier month" }).waitFor();
    const onThisDay = rail.getByTestId("on-this-day");
    await onThisDay.getByText("One year ago", { exact: false }).waitFor();
    await onThisDay.getByText("The first tomatoes were ripe this morning, small and sweet.").waitFor();
    await onThisDay.getByText("Garden Diary").waitFor();
    // The floating Go to date gives way to the rail's calendar.
    expect(await page.getByRole("button", { name: "Go to date" }).count()).toBe(0);
    // The rail is a desktop's; on a phone the same glance is the calendar sheet the period headline opens.
    const sheet = page.getByRole("dialog", { name: "Calendar" });
    await captureScreen(page, "journal-rail", async () => {
      if (page.viewportSize()?.width !== SIZES.mobile.width) return rail.getByTestId("on-this-day").waitFor();
      if ((await sheet.count()) === 0) await page.getByRole("button", { name: /open the calendar/ }).click();
      await sheet.locator(`[data-day="${today}"][data-notes="1"]`).waitFor();
    });
    if ((await sheet.count()) > 0) {
      await page.keyboard.press("Escape");
      await expect.poll(() => sheet.count()).toBe(0);
    }

    // A tap on today in the rail's calendar keeps the day view; the previous month's button then a marked day opens it.
    await page.setViewportSize(SIZES.desktop);
    await calendar.locator(`[data-day="${today}"]`).click();
    await page.getByTestId("period-headline").getByText("Today").waitFor();
  });

  it("On This Day opens the note made a year earlier", async () => {
    await page.setViewportSize(SIZES.desktop);
    await page.getByRole("complementary").getByTestId("on-this-day").getByRole("link", { name: /First tomatoes/ }).click();
    await page.waitForURL((url) => url.searchParams.get("note") === oldNoteId && url.searchParams.get("date") === yearAgo);
    await page.locator('[data-testid="note-card"][aria-current="true"]').getByRole("heading", { name: "First tomatoes" }).waitFor();
  });

  it("On This Day shows a note renamed offline by its new name at once, before the server has it", async () => {
    await page.setViewportSize(SIZES.desktop);
    const card = page.locator('[data-testid="note-card"][aria-current="true"]');
    await browser!.context.setOffline(true);
    try {
      await card.getByRole("button", { name: "Edit title of First tomatoes" }).click();
      await page.getByRole("textbox", { name: "Note title" }).fill("First ripe tomatoes");
      await page.getByRole("textbox", { name: "Note title" }).press("Enter");
      await card.getByTestId("waiting-to-sync").waitFor();
      // Back to today (the rail's link to the collection), where On This Day looks back to it.
      await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: /Garden Diary/ }).click();
      await page.getByTestId("period-headline").getByText("Today").waitFor();
      const onThisDay = page.getByRole("complementary").getByTestId("on-this-day");
      await onThisDay.getByRole("link", { name: /First ripe tomatoes/ }).waitFor();
      expect(await onThisDay.getByText("First tomatoes", { exact: true }).count()).toBe(0);
    } finally {
      await browser!.context.setOffline(false);
    }
    await expect.poll(async () => (await apiAs(baseUrl, user).listNotes({ domainId: gardenId, period: "day", periodKey: yearAgo })).map((n) => n.title), { timeout: 30_000 }).toEqual(["First ripe tomatoes"]);
  });

  it("on a phone the period headline opens the calendar; a tap on a marked day opens that day, and nothing floats over the last note", async () => {
    await page.setViewportSize(SIZES.mobile);
    await page.goto(`${baseUrl}/garden-diary`);
    await page.getByTestId("period-headline").getByText("Today").waitFor();
    // Under today's notes on a phone (the rail is a desktop's).
    await page.getByTestId("on-this-day").filter({ visible: true }).waitFor();
    const record = await page.getByRole("button", { name: "Start recording" }).boundingBox();
    // Inside the round button, clear of its microphone.
    const onRecord = { x: record!.x + 8, y: record!.y + record!.height / 2 };
    const recordLit = await brightnessAt(page, onRecord.x, onRecord.y);
    await page.getByRole("button", { name: /open the calendar/ }).click();
    const sheet = page.getByRole("dialog", { name: "Calendar" });
    await sheet.locator(`[data-day="${today}"][data-notes="1"]`).waitFor();
    // The sheet dims everything behind it, the record button too: it is not a control of the sheet.
    await expect.poll(() => brightnessAt(page, onRecord.x, onRecord.y)).toBeLessThan(recordLit * 0.75);
    if (threeDaysAgo.slice(0, 7) !== today.slice(0, 7)) await sheet.getByRole("button", { name: "Earlier month" }).click();
    await captureScreen(page, "calendar-sheet", () => sheet.locator(`[data-day="${threeDaysAgo}"][data-notes="1"]`).waitFor());
    await page.setViewportSize(SIZES.mobile);
    await sheet.locator(`[data-day="${threeDaysAgo}"]`).click();
    await expect.poll(() => sheet.count()).toBe(0);
    await page.waitForURL((url) => url.searchParams.get("date") === threeDaysAgo);
    const last = page.getByTestId("note-card").last();
    await last.getByRole("heading", { name: "Compost turned" }).waitFor();
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    expect(await fixedControlsOver(page, last)).toEqual([]);
  });

  it("Settings: Remind me to journal saves the time and days, in the device's time zone", async () => {
    await page.setViewportSize(SIZES.desktop);
    await page.goto(`${baseUrl}/settings`);
    const section = page.locator("section#reminders");
    const remind = section.getByRole("switch", { name: "Remind me to journal" });
    await remind.waitFor({ state: "attached" });
    // A person taps the switch's label (the input itself is drawn by the track beside it).
    await section.locator("label", { hasText: "Remind me to journal" }).click();
    await expect.poll(() => remind.isChecked()).toBe(true);
    await section.getByLabel("At", { exact: true }).fill("07:30");
    await section.getByRole("button", { name: "Sunday" }).click();
    await section.getByText("This device does not receive reminders.").waitFor();
    await expect
      .poll(async () => (await fetch(`${baseUrl}/api/reminders`, { headers: { authorization: `Bearer ${user.accessToken}` } })).json())
      .toEqual({ enabled: true, time: "07:30", days: [1, 2, 3, 4, 5, 6], onlyIfNoNote: true, tz: JOURNEY_TZ });
    await captureScreen(page, "settings-reminders", () => section.getByText("This device does not receive reminders.").waitFor());

    // Offline, a change is kept on this device and shown at once, also after a reload, and the
    // server has it once the connection is back.
    const reminders = async () => (await fetch(`${baseUrl}/api/reminders`, { headers: { authorization: `Bearer ${user.accessToken}` } })).json();
    const onlyIfNoNote = section.getByRole("checkbox", { name: "Only if I haven't recorded that day" });
    await browser!.context.setOffline(true);
    try {
      await onlyIfNoNote.click();
      await section.getByTestId("waiting-to-sync").waitFor();
      await page.reload();
      await section.getByTestId("waiting-to-sync").waitFor();
      expect(await onlyIfNoNote.isChecked()).toBe(false);
      expect((await reminders()).onlyIfNoNote).toBe(true);
    } finally {
      await browser!.context.setOffline(false);
    }
    // The page's reads of the settings are slow once it is back: between the change's delivery and
    // the next read, the screen keeps showing the change, not an answer it held from before it.
    await browser!.context.route("**/api/reminders", async (route) => {
      if (route.request().method() === "GET") await new Promise((r) => setTimeout(r, 6_000));
      await route.fallback();
    });
    try {
      await expect.poll(async () => (await reminders()).onlyIfNoNote, { timeout: 30_000 }).toBe(false);
      await expect.poll(() => section.getByTestId("waiting-to-sync").count(), { timeout: 30_000 }).toBe(0);
      expect(await onlyIfNoNote.isChecked()).toBe(false);
    } finally {
      await browser!.context.unroute("**/api/reminders");
    }

    // A new time and, in the same moment, a day off: the second tap comes before the screen has
    // shown the first, and both are kept, on the screen and on the server.
    await section.getByLabel("At", { exact: true }).evaluate((input: HTMLInputElement) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, "06:45");
      input.dispatchEvent(new Event("input", { bubbles: true }));
      [...input.closest("section")!.querySelectorAll("button")].find((b) => b.textContent?.includes("Saturday"))!.click();
    });
    await expect.poll(reminders, { timeout: 30_000 }).toEqual({ enabled: true, time: "06:45", days: [1, 2, 3, 4, 5], onlyIfNoNote: false, tz: JOURNEY_TZ });
    expect(await section.getByLabel("At", { exact: true }).inputValue()).toBe("06:45");
    expect(await section.getByRole("button", { name: "Saturday" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("a push delivered to the service worker shows the reminder, and its click opens today's view ready to record", async () => {
    await page.setViewportSize(SIZES.mobile);
    await browser!.context.grantPermissions(["notifications"], { origin: baseUrl });
    await page.goto(`${baseUrl}/garden-diary?date=${threeDaysAgo}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const sw = await registrationId(page, baseUrl);
    const message = { title: REMINDER_TITLE, body: "Last time: Morning frost", url: "/?record=1", tag: "journal-reminder" };
    const shown = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown })));
    await expect.poll(() => page.evaluate(() => Notification.permission)).toBe("granted");
    // The worker's thread learns of the permission granted a moment ago on its own time: a push it
    // handles before then cannot show anything (showNotification refuses), as on a device where the
    // person has not allowed notifications yet. The same message is delivered again until it shows
    // (its tag makes it one notification).
    for (let attempt = 0; attempt < 3 && (await shown()).length === 0; attempt++) {
      await sw.send("ServiceWorker.deliverPushMessage", { origin: baseUrl, registrationId: sw.id, data: JSON.stringify(message) });
      await expect.poll(async () => (await shown()).length, { timeout: 5_000 }).toBe(1).catch(() => undefined);
    }
    await sw.detach();
    await expect.poll(shown).toEqual([{ title: REMINDER_TITLE, body: "Last time: Morning frost", data: { url: "/?record=1" } }]);

    // A click on it, as the browser dispatches one to the worker.
    const worker = browser!.context.serviceWorkers().find((w) => w.url().startsWith(baseUrl))!;
    await worker.evaluate(async () => {
      // The worker's own types (this file is typed as a page's).
      type Scope = { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
      type NotificationEventClass = new (type: string, init: { notification: Notification }) => Event;
      const scope = self as unknown as Scope;
      const [notification] = await scope.registration.getNotifications();
      const NotificationEventOf = (self as unknown as { NotificationEvent: NotificationEventClass }).NotificationEvent;
      scope.dispatchEvent(new NotificationEventOf("notificationclick", { notification: notification! }));
    });
    await page.waitForURL(`${baseUrl}/garden-diary`);
    await page.getByTestId("period-headline").getByText("Today").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Start recording");
    await expect.poll(shown).toEqual([]);
  });
});
