import { REMINDER_TITLE, REMINDER_URL, type ReminderSettings } from "@vj/core";
import { describe, expect, it } from "vitest";
import { openReminder, reminderFromPush } from "../src/features/reminders/notification";
import { pushSupport, type PushEnvironment } from "../src/features/reminders/push-support";
import { chooseSettings, sameSettings } from "../src/features/reminders/reminder-choice";
import { noteSettingsSaved, readUnlessChanged } from "../src/features/reminders/settings-read";

const desktop: PushEnvironment = { serviceWorker: true, pushManager: true, notifications: true, permission: "default", iOS: false, standalone: false };

describe("where a device can get reminders", () => {
  it("a desktop browser with a service worker and push can", () => {
    expect(pushSupport(desktop)).toEqual({ ok: true });
    expect(pushSupport({ ...desktop, permission: "granted" })).toEqual({ ok: true });
  });
  it("iOS outside the installed app: Add to Home Screen first", () => {
    const answer = pushSupport({ ...desktop, iOS: true, pushManager: false });
    expect(answer).toMatchObject({ ok: false, reason: "ios-install" });
    expect(!answer.ok && answer.message.startsWith("Add to Home Screen first")).toBe(true);
    expect(pushSupport({ ...desktop, iOS: true, standalone: true })).toEqual({ ok: true });
  });
  it("says why it cannot: notifications blocked, no service worker, no push", () => {
    expect(pushSupport({ ...desktop, permission: "denied" })).toMatchObject({ ok: false, reason: "denied" });
    expect(pushSupport({ ...desktop, serviceWorker: false })).toMatchObject({ ok: false, reason: "no-service-worker" });
    expect(pushSupport({ ...desktop, pushManager: false })).toMatchObject({ ok: false, reason: "unsupported" });
  });
});

describe("the reminder in the service worker", () => {
  it("reads the server's message, and shows a reminder even from an unreadable one", () => {
    const sent = { title: "Time for your journal", body: "Last time: Walk", url: "/?record=1", tag: "journal-reminder" };
    expect(reminderFromPush(JSON.stringify(sent))).toEqual(sent);
    expect(reminderFromPush("not json")).toEqual({ title: REMINDER_TITLE, body: "", url: REMINDER_URL, tag: "journal-reminder" });
    expect(reminderFromPush(null).title).toBe(REMINDER_TITLE);
  });
  it("never opens another site", () => {
    expect(reminderFromPush(JSON.stringify({ url: "https://evil.example/" })).url).toBe(REMINDER_URL);
    expect(reminderFromPush(JSON.stringify({ url: "//evil.example/" })).url).toBe(REMINDER_URL);
  });
  it("a click moves an open window of the app to today's view, or opens one", async () => {
    const moved: string[] = [];
    const opened: string[] = [];
    const win = { url: "https://app.example/garden?date=2026-01-01", focus: async () => win, navigate: async (u: string) => (moved.push(u), win) };
    const clients = (windows: unknown[]) => ({ matchAll: async () => windows, openWindow: async (u: string) => opened.push(u) });
    await openReminder(clients([win]), "https://app.example", { url: "/?record=1" });
    expect(moved).toEqual(["https://app.example/?record=1"]);
    await openReminder(clients([]), "https://app.example", { url: "/?record=1" });
    expect(opened).toEqual(["https://app.example/?record=1"]);
  });
});

describe("taps on the reminder settings, one after another", () => {
  const server: ReminderSettings = { enabled: true, time: "20:00", days: [1, 2, 3, 4, 5, 6, 7], onlyIfNoNote: true, tz: "UTC" };
  const offDay = (day: number) => (s: ReminderSettings) => ({ days: s.days.filter((d) => d !== day) });

  it("a second tap before the screen shows the first keeps both", () => {
    const first = chooseSettings(null, server, { time: "07:30" }, "UTC");
    // The screen still shows the server's settings: the tap builds on the one chosen a moment ago.
    const second = chooseSettings(first, server, offDay(7), "UTC");
    expect(second).toEqual({ ...server, time: "07:30", days: [1, 2, 3, 4, 5, 6] });
  });
  it("with nothing waiting to show, a tap changes what the screen shows, in this device's zone", () => {
    expect(chooseSettings(null, server, offDay(1), "Europe/Paris")).toEqual({ ...server, days: [2, 3, 4, 5, 6, 7], tz: "Europe/Paris" });
  });
  it("the screen has caught up when it holds the same settings, whatever the order of the days", () => {
    expect(sameSettings(server, { ...server, days: [7, 6, 5, 4, 3, 2, 1] })).toBe(true);
    expect(sameSettings(server, { ...server, time: "07:30" })).toBe(false);
    expect(sameSettings(server, { ...server, days: [1, 2] })).toBe(false);
    expect(sameSettings(server, { ...server, tz: "Europe/Paris" })).toBe(false);
  });
});

describe("a read of the settings older than this device's change", () => {
  const server: ReminderSettings = { enabled: true, time: "20:00", days: [1, 2, 3, 4, 5, 6, 7], onlyIfNoNote: true, tz: "UTC" };
  const device: ReminderSettings = { ...server, time: "07:30" };
  const waitingNever = async () => false;

  it("is not taken when the person changed the settings while it ran: the screen keeps their time", async () => {
    const read = async () => {
      noteSettingsSaved();
      return server;
    };
    expect(await readUnlessChanged(read, waitingNever, () => device)).toEqual(device);
  });

  it("is not taken when a change waited as it began, or waits as it ends", async () => {
    let waiting = [true, false];
    const changeWaiting = async () => waiting.shift()!;
    expect(await readUnlessChanged(async () => server, changeWaiting, () => device)).toEqual(device);
    waiting = [false, true];
    expect(await readUnlessChanged(async () => server, changeWaiting, () => device)).toEqual(device);
  });

  it("is taken when nothing of this device's was on its way: a change made on another device shows", async () => {
    expect(await readUnlessChanged(async () => server, waitingNever, () => device)).toEqual(server);
  });

  it("is taken when the device holds nothing yet", async () => {
    expect(await readUnlessChanged(async () => server, async () => true, () => undefined)).toEqual(server);
  });
});
