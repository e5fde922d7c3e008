import {
  formatNoteTimestamp,
  periodHeadline,
  periodKeyOf,
  periodSubLabel,
  shiftPeriodKey,
  type Domain,
  type VoiceNote,
} from "@vj/core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { DEFAULT_TRANSCRIPT, scriptOpenAI } from "./support/fake-openai";
import { captureScreen, cspViolations, signIn, SIZES } from "./support/page";
import { JOURNEY_TZ, dayKeyOf, todayKey } from "./support/journey-day";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] notes journeys skipped: ${missing}`);

const DAY_MS = 24 * 60 * 60 * 1000;
// Screenshots with axe scans at two sizes take half a minute on a busy 2-core machine.
const JOURNEY_TIMEOUT_MS = 120_000;
const LONG_TRANSCRIPT = Array.from(
  { length: 12 },
  (_, i) => `Sentence ${i + 1} of a long reflection about the week, the people in it and what comes next.`,
).join(" ");

type Api = ReturnType<typeof apiAs>;

/** Waits until the API has finished with a note (transcribed or failed), so no engine call is left in flight. */
async function settled(api: Api, note: VoiceNote): Promise<VoiceNote> {
  const query = { domainId: note.domainId, period: "day", periodKey: dayKeyOf(new Date(note.createdAt)) };
  for (let i = 0; i < 300; i++) {
    const found = (await api.listNotes(query)).find((n) => n.id === note.id);
    if (found && !found.isTranscribing) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`note ${note.id} still transcribing after 30 s`);
}

function card(page: Page, title: string) {
  return page.getByRole("article", { name: title, exact: true });
}

async function openCollection(page: Page, baseUrl: string, collection: Domain, search = ""): Promise<void> {
  await page.goto(`${baseUrl}/${collection.slug}${search}`);
  await page.getByTestId("current-collection").getByText(collection.name, { exact: true }).waitFor();
}

describe.skipIf(missing !== null)("the Notes tab and the period views", () => {
  const baseUrl = inject("baseUrl");
  let user: TestUser;
  let api: Api;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "notes");
    api = apiAs(baseUrl, user);
    await api.createCollection({ name: "Daily Log", primaryColor: "#3b82f6", isDefault: true });
    // A fixed zone for the browser so the expected texts below are computed in the same zone.
    browser = await launchBrowser({ serviceWorkers: "block" });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/daily-log`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows a note with its transcript, plays it, renames it and deletes it after the confirmation", async () => {
    // Amber: white text on it is unreadable, so this also checks the tint keeps contrast (axe).
    const collection = await api.createCollection({ name: "Morning Pages", primaryColor: "#f59e0b", isDefault: false });
    const spoken = await settled(api, await api.uploadNote({ domainId: collection.id, title: "Walk by the river", duration: 65 }));
    expect(spoken.transcription).toBe(DEFAULT_TRANSCRIPT);
    const long = await settled(
      api,
      await api.uploadNote({ domainId: collection.id, title: "Long reflection", createdAt: new Date(Date.now() - 5000).toISOString() }),
    );
    await api.setTranscript(long.id, LONG_TRANSCRIPT);

    await openCollection(page, baseUrl, collection);
    const note = card(page, "Walk by the river");
    await note.getByText(DEFAULT_TRANSCRIPT, { exact: true }).waitFor();
    expect(await note.getByTestId("note-meta").textContent()).toBe("9 words");
    expect(await note.locator("time").textContent()).toBe(formatNoteTimestamp(new Date(spoken.createdAt), JOURNEY_TZ, new Date()));
    expect(await page.getByTestId("notes-count").textContent()).toBe("2 notes");
    // A short transcript fits in three lines: no toggle. The long one is clamped until Show more.
    expect(await note.getByRole("button", { name: "Show more" }).count()).toBe(0);
    const reflection = card(page, "Long reflection");
    const transcript = reflection.getByTestId("note-transcript");
    const clampedHeight = (await transcript.boundingBox())!.height;
    await reflection.getByRole("button", { name: "Show more" }).click();
    await reflection.getByRole("button", { name: "Show less" }).waitFor();
    expect((await transcript.boundingBox())!.height).toBeGreaterThan(clampedHeight * 1.5);
    await reflection.getByRole("button", { name: "Show less" }).click();
    await reflection.getByRole("button", { name: "Show more" }).waitFor();

    await captureScreen(page, "main-notes", async () => {
      await note.getByText(DEFAULT_TRANSCRIPT, { exact: true }).waitFor();
      // The clicks above scrolled the page; a full-page shot of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
    });

    // Playback: the recording is fetched with the session's token and plays in the card.
    await note.getByRole("button", { name: "Play recording" }).click();
    const audio = note.getByTestId("note-audio");
    await audio.waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLAudioElement>('[data-testid="note-audio"]');
      return el !== null && (el.ended || el.currentTime > 0);
    });
    // It played under the app's Content-Security-Policy (media from a blob: URL) without a violation.
    expect(await cspViolations(page)).toEqual([]);

    // Rename in place: the card and the server both hold the new title.
    await note.getByRole("button", { name: "Edit title of Walk by the river" }).click();
    const titleField = page.getByRole("textbox", { name: "Note title" });
    await titleField.fill("Evening walk by the river");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await titleField.waitFor({ state: "detached" });
    const renamed = card(page, "Evening walk by the river");
    await renamed.waitFor();
    // The card shows it at once; the server has it as soon as the outbox has sent it.
    const storedTitles = async () =>
      (await api.listNotes({ domainId: collection.id, period: "month", periodKey: periodKeyOf(new Date(), "month", JOURNEY_TZ) })).map((n) => n.title).sort();
    await expect.poll(storedTitles).toEqual(["Evening walk by the river", "Long reflection"]);

    // Delete asks first, with the spec's words; Cancel keeps the note.
    await renamed.getByRole("button", { name: "Delete Evening walk by the river" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog
      .getByText('Are you sure you want to delete "Evening walk by the river"? This action cannot be undone.', { exact: true })
      .waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await renamed.waitFor();
    await renamed.getByRole("button", { name: "Delete Evening walk by the river" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    await renamed.waitFor({ state: "detached" });
    await reflection.waitFor();
    await reflection.getByRole("button", { name: "Delete Long reflection" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();

    // Empty: the spec's empty state, and no count badge.
    await page.getByRole("heading", { name: "No voice notes yet" }).waitFor();
    await page.getByText("Start recording to create your first voice note.", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Start Recording", exact: true }).waitFor();
    expect(await page.getByTestId("notes-count").count()).toBe(0);
    await expect.poll(() => api.listNotes({ domainId: collection.id, period: "day", periodKey: todayKey() })).toEqual([]);
    await captureScreen(page, "notes-empty", async () => {
      await page.getByRole("heading", { name: "No voice notes yet" }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    });
  }, JOURNEY_TIMEOUT_MS);

  it("shows a long transcript's Show more without moving anything below it", async () => {
    const collection = await api.createCollection({ name: "Clamp Check", primaryColor: "#0f766e", isDefault: false });
    const below = await settled(api, await api.uploadNote({ domainId: collection.id, title: "Older note", createdAt: new Date(Date.now() - 60_000).toISOString() }));
    const long = await settled(api, await api.uploadNote({ domainId: collection.id, title: "Newer long note" }));
    await api.setTranscript(long.id, LONG_TRANSCRIPT);
    const fresh = await browser!.context.newPage();
    try {
      await fresh.addInitScript(() => {
        const w = window as unknown as { __shifts: string[] };
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
            const nodes = (entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node.getAttribute("aria-label") ?? s.node.tagName : "?"));
            // An icon's sub-pixel settling (0.0000) is not a move anyone sees.
            if (entry.value >= 0.001) w.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(", ")}`);
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await openCollection(fresh, baseUrl, collection);
      await card(fresh, "Newer long note").getByRole("button", { name: "Show more" }).waitFor();
      await card(fresh, below.title!).getByText(DEFAULT_TRANSCRIPT, { exact: true }).waitFor();
      // Two frames more, for a late toggle's shift to be reported.
      await fresh.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      // The toggle is measured once the browser has laid the list out (a ResizeObserver),
      // a frame after the text is painted; it sits over the clamped text's last line,
      // so the card below never moves. On a row of its own it moved that card by 0.0039 at this
      // size, committed in the observer's callback (flushSync) or later.
      expect(await fresh.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it("shows a note whose transcription failed and transcribes it again on Retry transcription", async () => {
    const collection = await api.createCollection({ name: "Retry Shelf", primaryColor: "#7c3aed", isDefault: false });
    // Every attempt the queue makes fails with a retryable 500 (TRANSCRIBE_MAX_ATTEMPTS is 3, the
    // engine itself does not retry), so the note ends in error and no scripted failure is left over.
    await scriptOpenAI(inject("openaiControlUrl"), { failNext: { count: 3, how: "500" } });
    const failed = await settled(api, await api.uploadNote({ domainId: collection.id, title: "Garbled memo" }));
    expect(failed.isError).toBe(true);

    await openCollection(page, baseUrl, collection);
    const note = card(page, "Garbled memo");
    await note.getByText("Recording Failed", { exact: true }).waitFor();
    expect(await note.getByTestId("note-error").textContent()).toContain(failed.error!);

    await note.getByRole("button", { name: "Retry transcription" }).click();
    // The list polls every 5 s while the note transcribes, then shows the text.
    await note.getByText(DEFAULT_TRANSCRIPT, { exact: true }).waitFor({ timeout: 30_000 });
    expect(await note.getByText("Recording Failed").count()).toBe(0);
    expect((await settled(api, failed)).transcription).toBe(DEFAULT_TRANSCRIPT);

    // The transcript is corrected in place; the word count follows.
    await note.getByRole("button", { name: "Edit transcript" }).click();
    const editor = page.getByRole("textbox", { name: "Transcript" });
    await editor.fill("Three corrected words");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    // The editor stays until the list holds the saved text (a textarea's text would match too).
    await editor.waitFor({ state: "detached" });
    await note.getByTestId("note-transcript").getByText("Three corrected words", { exact: true }).waitFor();
    expect(await note.getByTestId("note-meta").textContent()).toBe("3 words");
    // Shown at once; the server has it once the outbox has sent it.
    await expect.poll(async () => (await settled(api, failed)).transcription).toBe("Three corrected words");
  }, JOURNEY_TIMEOUT_MS);

  it("moves through days, weeks and months with Next disabled on the current period", async () => {
    const collection = await api.createCollection({ name: "Seasons", primaryColor: "#059669", isDefault: false });
    const now = new Date();
    // A week ago is always in last week (weeks run Sunday to Saturday) and never today.
    const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
    await settled(api, await api.uploadNote({ domainId: collection.id, title: "Today's note", createdAt: now.toISOString() }));
    await settled(api, await api.uploadNote({ domainId: collection.id, title: "A week ago", createdAt: weekAgo.toISOString() }));
    const today = dayKeyOf(now);
    const headline = page.getByTestId("period-headline");
    const subLabel = page.getByTestId("period-sublabel");
    const next = page.getByRole("button", { name: /^Next / });
    const previous = page.getByRole("button", { name: /^Previous / });
    const titles = async () => page.getByRole("article").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? el.querySelector("h3")?.textContent));

    await openCollection(page, baseUrl, collection);
    await card(page, "Today's note").waitFor();
    expect(await headline.textContent()).toBe("Today");
    expect(await subLabel.textContent()).toBe(periodSubLabel("day", today));
    expect(await next.isDisabled()).toBe(true);
    expect(await titles()).toEqual(["Today's note"]);

    // Week: this week holds today's note only; last week holds the other; Next is enabled there.
    await page.getByRole("button", { name: "Week", exact: true }).click();
    await headline.getByText("This Week", { exact: true }).waitFor();
    const week = periodKeyOf(now, "week", JOURNEY_TZ);
    expect(await subLabel.textContent()).toBe(periodSubLabel("week", week));
    expect(await page.getByRole("button", { name: "Week", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await next.isDisabled()).toBe(true);
    await card(page, "Today's note").waitFor();
    expect(await titles()).toEqual(["Today's note"]);
    await previous.click();
    await headline.getByText("Last Week", { exact: true }).waitFor();
    expect(await subLabel.textContent()).toBe(periodSubLabel("week", shiftPeriodKey("week", week, -1)));
    await card(page, "A week ago").waitFor();
    expect(await titles()).toEqual(["A week ago"]);
    expect(await next.isDisabled()).toBe(false);
    await next.click();
    await headline.getByText("This Week", { exact: true }).waitFor();
    expect(await next.isDisabled()).toBe(true);

    // Month: the headline is the month and year; a week ago belongs here only if it is the same month.
    const month = periodKeyOf(now, "month", JOURNEY_TZ);
    await page.getByRole("button", { name: "Month", exact: true }).click();
    await headline.getByText(periodHeadline("month", month, JOURNEY_TZ, now), { exact: true }).waitFor();
    expect(await subLabel.textContent()).toBe(month.slice(0, 4));
    expect(await next.isDisabled()).toBe(true);
    await card(page, "Today's note").waitFor();
    const sameMonth = periodKeyOf(weekAgo, "month", JOURNEY_TZ) === month;
    expect(await titles()).toEqual(sameMonth ? ["Today's note", "A week ago"] : ["Today's note"]);
    await previous.click();
    const lastMonth = shiftPeriodKey("month", month, -1);
    await headline.getByText(periodHeadline("month", lastMonth, JOURNEY_TZ, now), { exact: true }).waitFor();
    expect(await next.isDisabled()).toBe(false);

    // Choosing a pill resets to today, even after moving back in time.
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await headline.getByText("Today", { exact: true }).waitFor();
    await card(page, "Today's note").waitFor();

    // Go to date switches to the day view on the chosen day, from any view.
    await page.getByRole("button", { name: "Week", exact: true }).click();
    await headline.getByText("This Week", { exact: true }).waitFor();
    const weekAgoKey = dayKeyOf(weekAgo);
    // Until it is used the control is a button; a click puts the native date input in its place,
    // focused (its picker opens where the browser has one). It floats on phones (a desktop has the
    // rail's calendar instead).
    await page.setViewportSize(SIZES.mobile);
    await page.getByRole("button", { name: "Go to date", exact: true }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute("type") === "date" && document.activeElement.id !== "");
    await page.getByLabel("Go to date").fill(weekAgoKey);
    await headline.getByText(periodHeadline("day", weekAgoKey, JOURNEY_TZ, now), { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Day", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await card(page, "A week ago").waitFor();
    await page.setViewportSize(SIZES.desktop);
    expect(await titles()).toEqual(["A week ago"]);
    expect(new URL(page.url()).searchParams.get("view")).toBeNull();
    expect(new URL(page.url()).searchParams.get("date")).toBe(weekAgoKey);
  }, JOURNEY_TIMEOUT_MS);

  it("loads the next page of a long month as the person scrolls to its end", async () => {
    const collection = await api.createCollection({ name: "Busy Month", primaryColor: "#4338ca", isDefault: false });
    const start = Date.now();
    for (let i = 0; i < 11; i++) {
      const createdAt = new Date(start - i * 1000).toISOString();
      await settled(api, await api.uploadNote({ domainId: collection.id, title: `Entry ${i + 1}`, createdAt }));
    }
    // The real API pages by cursor (X-Next-Cursor, then ?before=); only its page size is made
    // small here (the app asks for the default 50), so eleven notes make two pages.
    const FIRST_PAGE = 9;
    const requested: (string | null)[] = [];
    await page.route(
      (url) => url.pathname === "/api/voice-notes",
      async (route) => {
        const url = new URL(route.request().url());
        requested.push(url.searchParams.get("before"));
        url.searchParams.set("limit", String(FIRST_PAGE));
        await route.continue({ url: url.toString() });
      },
    );
    // The events stream's first "ready" reads the lists again (live-updates.ts) a few seconds after
    // the page settles: on a busy machine that refetch of the first page landed among the requests
    // counted here. Paging is what this journey checks; the stream has its own.
    await page.route(
      (url) => url.pathname === "/api/events",
      (route) => route.abort(),
    );
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await openCollection(page, baseUrl, collection, "?view=month");
      await card(page, "Entry 1").waitFor();
      expect(await page.getByRole("article").count()).toBe(FIRST_PAGE);
      // More waits on the server: the badge says so, and nothing more is asked before scrolling.
      expect(await page.getByTestId("notes-count").textContent()).toBe(`${FIRST_PAGE}+ notes`);
      expect(requested).toEqual([null]);

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await card(page, "Entry 11").waitFor();
      expect(await page.getByRole("article").count()).toBe(11);
      expect(requested).toHaveLength(2);
      expect(requested[0]).toBeNull();
      expect(requested[1]).toEqual(expect.any(String));
      expect(await page.getByTestId("notes-count").textContent()).toBe("11 notes");
      expect(await page.getByRole("button", { name: "Load more notes" }).count()).toBe(0);
    } finally {
      await page.unrouteAll({ behavior: "wait" });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  }, JOURNEY_TIMEOUT_MS);
});

describe.skipIf(missing !== null)("a browser far from UTC", () => {
  const baseUrl = inject("baseUrl");
  const zone = "Pacific/Kiritimati"; // UTC+14
  let browser: Browser | undefined;

  afterAll(async () => {
    await browser?.close();
  });

  it("puts a note on the local day it was made, not the UTC one", async () => {
    const user = await signUpUser(baseUrl, "kiritimati");
    const api = apiAs(baseUrl, user);
    const collection = await api.createCollection({ name: "Island Days", primaryColor: "#0369a1", isDefault: true });
    // 23:00 UTC yesterday is 1:00 PM the next calendar day in Kiritimati: the two days always differ.
    const startOfUtcDay = new Date(`${periodKeyOf(new Date(), "day", "UTC")}T00:00:00Z`);
    const instant = new Date(startOfUtcDay.getTime() - 60 * 60 * 1000);
    const localDay = periodKeyOf(instant, "day", zone);
    const utcDay = periodKeyOf(instant, "day", "UTC");
    expect(localDay).not.toBe(utcDay);
    await settled(api, await api.uploadNote({ domainId: collection.id, title: "Lagoon at noon", createdAt: instant.toISOString() }));

    browser = await launchBrowser({ serviceWorkers: "block", timezoneId: zone });
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/island-days`);

    await openCollection(page, baseUrl, collection, `?date=${localDay}`);
    const note = card(page, "Lagoon at noon");
    await note.waitFor();
    expect(await page.getByTestId("period-sublabel").textContent()).toBe(periodSubLabel("day", localDay));
    expect(await note.locator("time").textContent()).toBe(formatNoteTimestamp(instant, zone, new Date()));
    expect(await note.locator("time").textContent()).toMatch(/ at 1:00 PM$/);

    // The UTC day of the same instant is an empty day here.
    await openCollection(page, baseUrl, collection, `?date=${utcDay}`);
    expect(await page.getByTestId("period-sublabel").textContent()).toBe(periodSubLabel("day", utcDay));
    await page.getByRole("heading", { name: "No voice notes yet" }).waitFor();
  }, JOURNEY_TIMEOUT_MS);
});
