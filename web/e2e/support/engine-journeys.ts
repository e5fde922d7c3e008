import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, inject, it } from "vitest";
import type { VoiceNote } from "@vj/core";
import {
  clickButton,
  count,
  countCards,
  fill,
  pageShows,
  waitForCardGone,
  waitForOnLine,
  waitForPath,
  waitForText,
  waitUntil,
  type Card,
} from "../drivers/dom";
import type { EngineSession } from "../drivers/session";
import type { Relay, RelayedRequest } from "../drivers/relay";
import { describeEngine } from "./engine-report";
import { apiAs, signInUser, signUpUser, subjectOf, uniqueEmail, type TestUser } from "./api";
import { SCREENSHOTS, SIZES } from "./page";
import { todayKey } from "./journey-day";

const PENDING = '[data-testid="pending-upload"]';
const note = (title: string): Card => ({ testId: "note-card", heading: title });
const TIMER = '[data-testid="recording-timer"]';

/** Waits until the recording timer shows `seconds` or more (a busy machine may skip drawing one). */
const waitForTimer = (session: EngineSession, seconds: number) =>
  waitUntil(
    session,
    `const m = /^(\\d+):(\\d\\d)/.exec(document.querySelector(arguments[0])?.textContent.trim() ?? "");
     return !!m && Number(m[1]) * 60 + Number(m[2]) >= arguments[1];`,
    [TIMER, seconds],
    `the recording timer at ${seconds} s or more`,
  );

const HARBOUR: Card = { testId: "collection-card", heading: "Harbour walks" };

export type LaunchEngine = (apiBaseUrl: string) => Promise<EngineSession & { appUrl: string; relay: Relay }>;

/**
 * The core journeys a new user takes, written once for any engine driven over WebDriver-style
 * commands (Firefox over Marionette, WebKitGTK over WebKitWebDriver). Each journey gets its own
 * user and browser profile, so one outbox never leaks into the next.
 */
export function engineJourneys(launch: LaunchEngine): void {
  // A cold browser profile, its service worker's install and the signed-in app's first load take
  // most of a minute on a loaded 2-core machine before a journey's own steps begin.
  const JOURNEY_TIMEOUT = 120_000;
  const baseUrl = inject("baseUrl");
  let browser: Awaited<ReturnType<LaunchEngine>> | undefined;
  let user: TestUser;
  let domainId: string;

  afterEach(async ({ task }) => {
    // Before the browser closes: what it showed, its outbox and what it sent (support/engine-report.ts).
    if (browser && task.result?.state === "fail") console.log(`[e2e] the ${browser.engine} browser when the journey failed:\n${await describeEngine(browser)}`);
    await browser?.close();
    browser = undefined;
  });

  const notes = (): Promise<VoiceNote[]> =>
    apiAs(baseUrl, user).listNotes({ domainId, period: "day", periodKey: todayKey() });
  const pending = () => count(browser!, "pending-upload");
  const toast = (text: string, timeout?: number) => waitForText(browser!, text, { within: `[role=region][aria-label^="Notifications"]`, timeout });

  async function screenshot(name: string): Promise<void> {
    await browser!.setViewport(SIZES.mobile.width, SIZES.mobile.height);
    // Two frames painted at the new size (under load WebKit once handed back a frame at the old
    // one, its fields empty), then entry animations settled.
    await browser!.executeAsync(
      "const done = arguments[arguments.length - 1]; setTimeout(done, 2000); requestAnimationFrame(() => requestAnimationFrame(() => done()));",
    );
    await new Promise((r) => setTimeout(r, 300));
    fs.writeFileSync(path.join(SCREENSHOTS, `${browser!.engine}-${name}-mobile.png`), await browser!.screenshot());
  }

  /**
   * A new user with one home collection (and the notes of `seed` in it, oldest first), signed in
   * through the page, the recorder ready.
   */
  async function open(label: string, seed: { title: string; transcript: string }[] = []): Promise<Awaited<ReturnType<LaunchEngine>>> {
    user = await signUpUser(baseUrl, `${label}`);
    domainId = (await apiAs(baseUrl, user).createCollection({ name: "Commute", primaryColor: "#0369a1", isDefault: true })).id;
    for (const [i, s] of seed.entries()) {
      const created = await apiAs(baseUrl, user).uploadNote({ domainId, title: s.title, createdAt: new Date(Date.now() - (seed.length - i) * 60_000).toISOString() });
      await apiAs(baseUrl, user).setTranscript(created.id, s.transcript);
    }
    browser = await launch(baseUrl);
    await browser.navigate(`${browser.appUrl}/auth/login`);
    await signInThroughPage(user, "/commute");
    return browser;
  }

  /** Signs `who` in on the sign-in page and waits for their home collection, the recorder ready. */
  async function signInThroughPage(who: TestUser, home: string): Promise<void> {
    // A cold profile's first load (service worker install included) is slow on a busy 2-core machine.
    await waitForText(browser!, "Welcome back", { timeout: 30_000 });
    await fill(browser!, "Email", who.email);
    await fill(browser!, "Password", who.password);
    await clickButton(browser!, "Sign in");
    // The signed-in app's first load from a cold cache too (seen at "/", "Loading...", for 15 s on a loaded machine).
    await waitForPath(browser!, home, 30_000);
    await waitUntil(browser!, `return !!button("Start recording");`, [], "the record button");
  }

  /** Logout from the header's account menu; `question` is what the sign-out asks first, if anything. */
  async function signOut(question?: string): Promise<void> {
    // The menu opens on a pointer press, as Radix's trigger listens for it.
    await waitUntil(
      browser!,
      `const b = button("Account"); if (!b) return false;
       b.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, cancelable: true, button: 0, pointerType: "mouse" })); return true;`,
      [],
      "the account menu",
    );
    await waitUntil(
      browser!,
      `const item = [...document.querySelectorAll("[role=menuitem]")].find((el) => visible(el) && el.textContent.trim() === "Logout");
       if (!item) return false; item.click(); return true;`,
      [],
      "Logout in the account menu",
    );
    if (question) {
      await waitForText(browser!, question, { within: "[role=alertdialog]" });
      await clickButton(browser!, "Sign out");
    }
    await waitForPath(browser!, "/auth/login", 30_000);
  }

  async function record(seconds: number, title: string): Promise<void> {
    await clickButton(browser!, "Start recording");
    await waitForTimer(browser!, seconds);
    await fill(browser!, "Add a title (optional)", title);
    await clickButton(browser!, "Finish");
  }

  it("signs up a new account and lands on onboarding, signed in", async () => {
    browser = await launch(baseUrl);
    const email = uniqueEmail("engine-signup");
    const password = "brand-new-pass-7";
    await browser.navigate(`${browser.appUrl}/auth/signup`);
    await waitForText(browser, "Create an account");
    await fill(browser, "Email", email);
    await fill(browser, "Password", password);
    await fill(browser, "Confirm password", password);
    await screenshot("signup");
    await clickButton(browser, "Create account");
    await waitForPath(browser, "/onboarding");
    // The account is real: the API signs it in with the password typed.
    const res = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "public-anon-key" },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
  }, JOURNEY_TIMEOUT);

  it("records online: Upload Successful and the note stored", async () => {
    await open("engine-online");
    await record(2, "Morning walk");
    await toast("Upload Successful");
    await waitForText(browser!, "Morning walk");
    const stored = await notes();
    expect(stored.map((n) => n.title)).toEqual(["Morning walk"]);
    expect(stored[0]!.duration).toBeGreaterThanOrEqual(1);
    await screenshot("recorded");
    // The service worker's first install (begun on the sign-in page) is no update to offer.
    expect(await browser!.execute<boolean>(`return document.body.innerText.includes("A new version is available");`)).toBe(false);
  }, JOURNEY_TIMEOUT);

  it("records offline: Saved Offline and a pending card; back online it uploads by itself", async () => {
    const session = await open("engine-offline");
    await session.setOffline(true);
    await waitForOnLine(session, false);
    await record(2, "Train thought");
    await toast("Saved Offline");
    await expect.poll(pending).toBe(1);
    await waitForText(session, "Pending Upload", { within: PENDING });
    await waitForText(session, "Train thought", { within: PENDING });
    await screenshot("pending-offline");
    expect(await notes()).toEqual([]);

    await session.setOffline(false);
    await waitForOnLine(session, true);
    // No click: the page's replay on `online` sends it, and the card goes.
    await expect.poll(pending, { timeout: 30_000 }).toBe(0);
    await waitForText(session, "Train thought");
    const stored = await notes();
    expect(stored.map((n) => n.title)).toEqual(["Train thought"]);
    expect(stored[0]!.clientId).toMatch(/^rec-\d+-[0-9a-z]{8}$/);
  }, JOURNEY_TIMEOUT);

  it("a reload mid-recording: the audio is recovered into the outbox and uploaded", async () => {
    const session = await open("engine-reload");
    await clickButton(session, "Start recording");
    await fill(session, "Add a title (optional)", "Interrupted thought");
    await waitForTimer(session, 4);
    await session.refresh();
    await toast("Recording Recovered");
    await expect.poll(async () => (await notes()).length, { timeout: 30_000 }).toBe(1);
    const [note] = await notes();
    expect(note!.title).toBe("Interrupted thought");
    // At most the last second or so is lost: 4 s recorded, at least 2 s recovered.
    expect(note!.duration).toBeGreaterThanOrEqual(2);
    await expect.poll(pending).toBe(0);
  }, JOURNEY_TIMEOUT);

  it("the server cut while the browser stays online: kept, then uploaded by itself within 60 s", async () => {
    const session = await open("engine-server-cut");
    session.relay.cut(true);
    await record(2, "Kept through a restart");
    await toast("Upload Failed - Saved Locally");
    await expect.poll(pending).toBe(1);
    expect(await session.execute<boolean>("return navigator.onLine")).toBe(true);
    await screenshot("pending-server-cut");
    session.relay.cut(false);
    // No reload, no click, no `online` event: the page retries by itself.
    await expect.poll(pending, { timeout: 60_000, interval: 500 }).toBe(0);
    expect((await notes()).map((n) => n.title)).toEqual(["Kept through a restart"]);
  }, JOURNEY_TIMEOUT);

  it("two people on one browser: A's waiting recording is never sent with B's session, B never sees it, and it uploads by itself when A is back", async () => {
    const session = await open("engine-owner-a");
    const a = user;
    const aCollection = domainId;
    const b = await signUpUser(baseUrl, "engine-owner-b");
    const bCollection = (await apiAs(baseUrl, b).createCollection({ name: "Homework", primaryColor: "#15803d", isDefault: true })).id;
    const isUpload = (r: RelayedRequest) => r.method === "POST" && new URL(r.path, "http://relay").pathname === "/api/voice-notes";
    const uploadsBy = (from: number) => session.relay.seen.slice(from).filter(isUpload).map((r) => subjectOf(r.authorization ?? ""));
    // Signed in once per person: a poll that signed in each time would meet the sign-in rate limit.
    const journalOf = async (who: TestUser, collection: string) => {
      const api = apiAs(baseUrl, await signInUser(baseUrl, who));
      return async () => (await api.listNotes({ domainId: collection, period: "day", periodKey: todayKey() })).map((n) => n.title);
    };

    // The server refuses uploads for a while; everything else (signing out and in) works.
    session.relay.refuse(isUpload);
    await record(2, "A's waiting thought");
    await toast("Upload Failed - Saved Locally");
    await waitForText(session, "A's waiting thought", { within: PENDING });
    await signOut("1 recording is not uploaded yet. It stays on this device and uploads when you sign in again.");

    // From here on the server takes every upload: anything of A's sent with B's session would land.
    session.relay.refuse(null);
    const whileB = session.relay.seen.length;
    await signInThroughPage(b, "/homework");
    // The moments a replay runs: at start (above), and when the connection comes back.
    await session.setOffline(true);
    await waitForOnLine(session, false);
    await session.setOffline(false);
    await waitForOnLine(session, true);
    await session.navigate(`${session.appUrl}/settings`);
    await waitForText(session, "0", { within: '[data-testid="outbox-count"]', timeout: 30_000 });
    await session.navigate(`${session.appUrl}/homework`);
    await waitUntil(session, `return !!button("Start recording");`, [], "the record button", 30_000);
    expect(await pending()).toBe(0);
    expect(await pageShows(session, "A's waiting thought")).toBe(false);
    // Nothing went with B's session. A retry of A's begun with A's own session as the sign-out
    // ended may still arrive: it lands in A's journal, once (the end of this journey checks both).
    expect(uploadsBy(whileB)).not.toContain(subjectOf(b.accessToken));
    expect(await (await journalOf(b, bCollection))()).toEqual([]);

    await signOut();
    await signInThroughPage(a, "/commute");
    // No click: it goes by itself, with A's session, and the card goes.
    const journalOfA = await journalOf(a, aCollection);
    await expect.poll(journalOfA, { timeout: 30_000 }).toEqual(["A's waiting thought"]);
    await expect.poll(pending, { timeout: 15_000 }).toBe(0);
    expect(new Set(uploadsBy(0))).toEqual(new Set([subjectOf(a.accessToken)]));
  }, JOURNEY_TIMEOUT);

  it("offline: rename a note, edit transcripts, delete another, create a collection and record into it; still shown after a reload offline; then the server has exactly those, and an edit overtaken elsewhere shows both texts", async () => {
    const session = await open("engine-offline-changes", [
      { title: "Harbour walk", transcript: "We walked to the harbour." },
      { title: "Delete me", transcript: "Soon gone." },
      { title: "Untouched", transcript: "Stays as it is." },
    ]);
    for (const title of ["Harbour walk", "Delete me", "Untouched"]) await waitForText(session, title, { card: note(title) });
    // The reload offline opens from the service worker's cache: it must control the page first.
    const controlled = await session.executeAsync<boolean>(
      "const done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(() => done(navigator.serviceWorker.controller !== null));",
    );
    if (!controlled) {
      await session.refresh();
      await waitForText(session, "Untouched", { card: note("Untouched"), timeout: 30_000 });
    }
    // The journal the page showed is saved for offline use (throttled writes: wait for it).
    await waitUntil(session, `return (localStorage.getItem("voice-journal.query-cache") || "").includes("Untouched");`, [], "the journal saved for offline use");

    await session.setOffline(true);
    await waitForOnLine(session, false);

    await clickButton(session, "Edit title of Harbour walk", { card: note("Harbour walk") });
    await fill(session, "Note title", "Lighthouse at dawn");
    await clickButton(session, "Save");
    await waitForText(session, "Waiting to sync", { card: note("Lighthouse at dawn") });

    await clickButton(session, "Edit transcript", { card: note("Lighthouse at dawn") });
    await fill(session, "Transcript", "We walked to the lighthouse at dawn.");
    await clickButton(session, "Save");
    await waitForText(session, "We walked to the lighthouse at dawn.", { card: note("Lighthouse at dawn") });

    await clickButton(session, "Delete Delete me", { card: note("Delete me") });
    await clickButton(session, "Delete");
    await waitForCardGone(session, note("Delete me"));
    expect(await pageShows(session, "Saving...")).toBe(false);

    // A transcript edited here while another device changes it too: both are kept, the person chooses.
    const untouched = (await notes()).find((n) => n.title === "Untouched")!;
    await clickButton(session, "Edit transcript", { card: note("Untouched") });
    await fill(session, "Transcript", "Edited on this phone.");
    await clickButton(session, "Save");
    await waitForText(session, "Edited on this phone.", { card: note("Untouched") });
    await apiAs(baseUrl, user).setTranscript(untouched.id, "Changed on the laptop.");

    // A collection made offline, and a recording made into it: the recording waits behind it.
    await session.navigate(`${session.appUrl}/collections`);
    await clickButton(session, "New Collection");
    await fill(session, "Collection Name", "Harbour walks");
    await clickButton(session, "Create Collection");
    await waitForText(session, "Waiting to sync", { card: HARBOUR });
    await clickButton(session, "Open Collection", { card: HARBOUR });
    await waitForPath(session, "/harbour-walks");
    await record(2, "Gulls at dawn");
    await toast("Saved Offline");
    await waitForText(session, "Gulls at dawn", { within: PENDING });
    // The lists as the page shows them are saved for the next load (throttled writes: wait for them).
    await waitUntil(session, `return (localStorage.getItem("voice-journal.query-cache") || "").includes("Harbour walks");`, [], "the new collection saved for offline use");

    // Loaded again with no connection: the app comes from its cache, and every change is still shown.
    await session.navigate(`${session.appUrl}/commute`);
    await waitForText(session, "Waiting to sync", { card: note("Lighthouse at dawn"), timeout: 30_000 });
    await waitForText(session, "We walked to the lighthouse at dawn.", { card: note("Lighthouse at dawn") });
    await waitForText(session, "Edited on this phone.", { card: note("Untouched") });
    expect(await countCards(session, note("Delete me"))).toBe(0);
    expect(await countCards(session, note("Harbour walk"))).toBe(0);
    // The tab's count agrees with the list: the note deleted here is not counted.
    await waitForText(session, "2 notes", { within: '[data-testid="notes-count"]' });
    expect(await session.execute<boolean>("return navigator.onLine")).toBe(false);
    await screenshot("offline-changes-waiting");
    // Nothing reached the server meanwhile.
    expect((await notes()).map((n) => n.title).sort()).toEqual(["Delete me", "Harbour walk", "Untouched"]);
    await session.navigate(`${session.appUrl}/collections`);
    await waitForText(session, "Waiting to sync", { card: HARBOUR, timeout: 30_000 });
    await clickButton(session, "Open Collection", { card: HARBOUR });
    await waitForText(session, "Gulls at dawn", { within: PENDING });
    expect((await apiAs(baseUrl, user).listCollections()).map((c) => c.name)).toEqual(["Commute"]);

    await session.setOffline(false);
    await waitForOnLine(session, true);
    // No click: the page's replay on `online` sends them (neither engine has Background Sync).
    await expect
      .poll(async () => (await notes()).map((n) => [n.title, n.transcription]).sort(), { timeout: 30_000 })
      .toEqual([
        ["Lighthouse at dawn", "We walked to the lighthouse at dawn."],
        ["Untouched", "Changed on the laptop."],
      ]);
    // The collection once, and the recording in it, not in the collection it was made beside.
    await expect.poll(async () => (await apiAs(baseUrl, user).listCollections()).map((c) => [c.name, c.slug]).sort(), { timeout: 30_000 }).toEqual([
      ["Commute", "commute"],
      ["Harbour walks", "harbour-walks"],
    ]);
    const harbour = (await apiAs(baseUrl, user).listCollections()).find((c) => c.name === "Harbour walks")!;
    const today = todayKey();
    await expect
      .poll(async () => (await apiAs(baseUrl, user).listNotes({ domainId: harbour.id, period: "day", periodKey: today })).map((n) => n.title), { timeout: 30_000 })
      .toEqual(["Gulls at dawn"]);
    await waitForText(session, "Gulls at dawn", { card: note("Gulls at dawn"), timeout: 30_000 });
    expect(await pending()).toBe(0);
    await expect.poll(() => count(session, "waiting-to-sync"), { timeout: 15_000 }).toBe(0);

    await session.navigate(`${session.appUrl}/commute`);
    await waitForText(session, "We walked to the lighthouse at dawn.", { card: note("Lighthouse at dawn"), timeout: 30_000 });
    expect(await countCards(session, note("Lighthouse at dawn"))).toBe(1);
    expect(await countCards(session, note("Delete me"))).toBe(0);
    // The edit the other device overtook: both texts, and the person keeps theirs.
    await waitForText(session, "Changed on another device", { card: note("Untouched") });
    await waitForText(session, "Changed on the laptop.", { within: '[data-testid="conflict-theirs"]' });
    await waitForText(session, "Edited on this phone.", { within: '[data-testid="conflict-mine"]' });
    await clickButton(session, "Keep mine", { card: note("Untouched") });
    await expect.poll(async () => (await notes()).find((n) => n.title === "Untouched")!.transcription, { timeout: 30_000 }).toBe("Edited on this phone.");
    await expect.poll(() => count(session, "change-conflict"), { timeout: 15_000 }).toBe(0);
    // The server may have the text a moment before the outbox has let the change go.
    await expect.poll(() => count(session, "waiting-to-sync"), { timeout: 15_000 }).toBe(0);
    expect(await pageShows(session, "Saving...")).toBe(false);
  }, 240_000);
}
