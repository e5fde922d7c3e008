import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, type TestUser } from "./support/api";
import { chooseMenuItem } from "./support/menus";
import { captureScreen, signIn } from "./support/page";
import { dayKeyOf } from "./support/journey-day";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] search journeys skipped: ${missing}`);

describe.skipIf(missing !== null)("search in Chromium against the real API", () => {
  const baseUrl = inject("baseUrl");
  let user: TestUser;
  let browser: Browser | undefined;
  let walkId: string;
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  twoDaysAgo.setUTCHours(12, 0, 0, 0);

  beforeAll(async () => {
    user = await signUpUser(baseUrl, "search");
    const api = apiAs(baseUrl, user);
    const home = await api.createCollection({ name: "Home Life", primaryColor: "#059669", isDefault: true });
    const search = await api.createCollection({ name: "Search", primaryColor: "#d97706", isDefault: false });
    const walk = await api.uploadNote({ domainId: home.id, title: "Evening walk", createdAt: twoDaysAgo.toISOString(), duration: 75 });
    walkId = walk.id;
    await api.setTranscript(walk.id, "We walked the greyhound along the quiet canal and talked about moving to the coast next spring.");
    // Other notes the same day, so the hit has to be found and scrolled to among them.
    for (let i = 0; i < 6; i++) {
      const n = await api.uploadNote({ domainId: home.id, title: `Errand ${i + 1}`, createdAt: new Date(twoDaysAgo.getTime() + (i + 1) * 60_000).toISOString() });
      await api.setTranscript(n.id, `Picked up parcel number ${i + 1} from the post office and paid the bills.`);
    }
    const other = await api.uploadNote({ domainId: search.id, title: "Library visit", duration: 30 });
    await api.setTranscript(other.id, "The greyhound book was checked out again.");
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("finds a transcript's words as they are typed, marks them, and opens the note highlighted in its day", async () => {
    const page = browser!.context.pages()[0] ?? (await browser!.context.newPage());
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/home-life`);
    await page.getByTestId("current-collection").getByText("Home Life", { exact: true }).waitFor();

    await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
    await page.waitForURL(`${baseUrl}/search`);
    await captureScreen(page, "search-start", () => page.getByRole("heading", { name: "Search everything you said" }).waitFor());
    const field = page.getByRole("searchbox", { name: "Search your journal" });
    await field.pressSequentially("greyhound can", { delay: 40 });
    await page.waitForURL(`${baseUrl}/search?q=greyhound+can`);
    const hits = page.getByTestId("search-hit");
    await hits.first().getByText("Evening walk").waitFor();
    // "can" is still being typed: it finds "canal" as a prefix; the other greyhound note lacks it.
    expect(await hits.count()).toBe(1);
    expect(await hits.first().locator("mark").allTextContents()).toEqual(["greyhound", "canal"]);
    expect(await hits.first().textContent()).toContain("Home Life");
    expect(await hits.first().textContent()).toContain("1:15");
    await field.fill("greyhound");
    await page.waitForURL(`${baseUrl}/search?q=greyhound`);
    await page.getByTestId("search-hit").nth(1).waitFor();
    expect(await page.getByTestId("search-hit").count()).toBe(2);
    await captureScreen(page, "search-results", () => page.getByTestId("search-hit").nth(1).waitFor());

    // The hit opens its collection's day with that note brought into view and highlighted.
    await page.getByTestId("search-hit").filter({ hasText: "Evening walk" }).click();
    await page.waitForURL(`${baseUrl}/home-life?date=${dayKeyOf(twoDaysAgo)}&note=${walkId}`);
    const card = page.locator('[data-testid="note-card"][aria-current="true"]');
    await card.getByText("Evening walk").waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="note-card"][aria-current="true"]');
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });

    // Back returns to the same search; a reload of its address shows it again.
    await page.goBack();
    await page.waitForURL(`${baseUrl}/search?q=greyhound`);
    await page.getByTestId("search-hit").nth(1).waitFor();
    await page.reload();
    expect(await page.getByRole("searchbox", { name: "Search your journal" }).inputValue()).toBe("greyhound");
    await page.getByTestId("search-hit").nth(1).waitFor();

    await page.getByRole("searchbox", { name: "Search your journal" }).fill("zebra crossing");
    await page.getByRole("heading", { name: "No notes match “zebra crossing”" }).waitFor();
    await captureScreen(page, "search-empty", () => page.getByRole("heading", { name: "No notes match “zebra crossing”" }).waitFor());
  });

  it("opens with / from the main screen, keeps a collection named Search reachable, and says offline that it needs a connection", async () => {
    const page = browser!.context.pages()[0]!;
    await page.goto(`${baseUrl}/home-life`);
    await page.getByTestId("current-collection").getByText("Home Life", { exact: true }).waitFor();
    await page.keyboard.press("/");
    await page.waitForURL(`${baseUrl}/search`);
    await page.getByRole("searchbox", { name: "Search your journal" }).waitFor();

    // A collection named "Search" is not shadowed by the search screen.
    await page.goto(`${baseUrl}/collections`);
    await page.getByTestId("collection-card").filter({ has: page.getByRole("heading", { name: "Search", exact: true }) }).getByRole("button", { name: "Open Collection" }).click();
    await page.getByTestId("current-collection").getByText("Search", { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/search-[0-9a-f]{8}$/);
    await page.goto(`${baseUrl}/home-life`);
    await page.getByRole("button", { name: "Collection: Home Life" }).click();
    await chooseMenuItem(page, "Search");
    await page.getByTestId("current-collection").getByText("Search", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Search", level: 1 }).waitFor();

    // Offline, a reload of a search address says search needs a connection and shows no old results.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active !== null)).toBe(true);
    await page.goto(`${baseUrl}/search?q=greyhound`);
    await page.getByTestId("search-hit").first().waitFor();
    await browser!.context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole("heading", { name: "Search needs a connection" }).waitFor();
      expect(await page.getByTestId("search-hit").count()).toBe(0);
      await captureScreen(page, "search-offline", () => page.getByRole("heading", { name: "Search needs a connection" }).waitFor());
    } finally {
      await browser!.context.setOffline(false);
    }
  });
  it("opens a hit past the first page of its day highlighted: the day loads on until the note is there", async () => {
    const api = apiAs(baseUrl, user);
    const busy = await api.createCollection({ name: "Busy Days", primaryColor: "#4f46e5", isDefault: false });
    const threeDaysAgo = new Date(twoDaysAgo.getTime() - 86_400_000);
    // The hit is the day's first note: the list shows newest first, 50 to a page.
    const otter = await api.uploadNote({ domainId: busy.id, title: "River otters", createdAt: threeDaysAgo.toISOString() });
    await api.setTranscript(otter.id, "Two otters slid down the muddy bank into the river.");
    for (let i = 0; i < 55; i++) {
      await api.uploadNote({ domainId: busy.id, title: `Busy ${i + 1}`, createdAt: new Date(threeDaysAgo.getTime() + (i + 1) * 60_000).toISOString() });
    }
    const page = browser!.context.pages()[0] ?? (await browser!.context.newPage());
    await page.goto(`${baseUrl}/home-life`);
    const welcome = page.getByRole("heading", { name: "Welcome back" });
    await welcome.or(page.getByTestId("current-collection")).first().waitFor();
    if (await welcome.isVisible()) await signIn(page, baseUrl, user.email, user.password);
    await page.getByTestId("current-collection").waitFor();
    await page.goto(`${baseUrl}/search?q=otters`);
    await page.getByTestId("search-hit").filter({ hasText: "River otters" }).click();
    await page.waitForURL(`${baseUrl}/busy-days?date=${dayKeyOf(threeDaysAgo)}&note=${otter.id}`);
    const card = page.locator('[data-testid="note-card"][aria-current="true"]');
    await card.getByText("River otters").waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="note-card"][aria-current="true"]');
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
  });
});
