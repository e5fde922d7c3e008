import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, signUpUser, uniqueEmail } from "./support/api";
import { chooseMenuItem, openAccountMenu } from "./support/menus";
import { captureScreen, SIZES, signIn, toastText } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] collection journeys skipped: ${missing}`);

describe.skipIf(missing !== null)("landing, onboarding and collections in Chromium against the real API", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser | undefined;

  async function openPage(): Promise<Page> {
    // No service worker: the page itself sends what the outbox keeps (no Background Sync to wait for).
    browser = await launchBrowser({ serviceWorkers: "block" });
    return browser.context.pages()[0] ?? (await browser.context.newPage());
  }

  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  it("takes a visitor from the landing page through sign-up and a template to the new collection", async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole("heading", { level: 1 }).waitFor();

    // The use-case selector starts on work and switches on a click.
    const workTab = page.getByRole("tab", { name: "Work" });
    expect(await workTab.getAttribute("aria-selected")).toBe("true");
    await page.getByRole("heading", { name: "Professional Growth" }).waitFor();
    await captureScreen(page, "landing", () => page.getByRole("heading", { name: "Professional Growth" }).waitFor());
    await page.getByRole("tab", { name: "Travel" }).click();
    await page.getByRole("heading", { name: "Travel Diary" }).waitFor();
    expect(await page.getByRole("heading", { name: "Professional Growth" }).count()).toBe(0);
    for (const step of ["Speak naturally", "AI understands", "Knowledge grows"]) {
      await page.getByRole("heading", { name: step }).waitFor();
    }
    expect(await page.getByRole("link", { name: "Get Started Free" }).getAttribute("href")).toBe("/auth/signup");
    expect(await page.getByRole("link", { name: "Log In" }).first().getAttribute("href")).toBe("/auth/login");

    await page.getByRole("link", { name: "Start Recording Now" }).click();
    await page.waitForURL(`${baseUrl}/auth/signup`);
    const email = uniqueEmail("landing");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("landing-pass-1");
    await page.getByLabel("Confirm password", { exact: true }).fill("landing-pass-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${baseUrl}/onboarding`);

    // The form stays hidden until a choice is made; the arrows scroll the row by 280 px.
    await page.getByRole("heading", { name: "Welcome to Voice Journal" }).waitFor();
    expect(await page.getByLabel("Collection Name").count()).toBe(0);
    const row = page.getByTestId("template-row");
    await page.getByRole("button", { name: "Scroll templates right" }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="template-row"]')!.scrollLeft === 280);
    await page.getByRole("button", { name: "Scroll templates left" }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="template-row"]')!.scrollLeft === 0);
    await row.getByRole("button", { name: /Personal Growth/ }).click();
    expect(await page.getByLabel("Collection Name").inputValue()).toBe("Personal Growth");
    expect(await page.getByRole("radio", { name: "#ef4444" }).getAttribute("aria-checked")).toBe("true");
    await page.getByText("helps the AI understand").waitFor();
    // Narrowed to a phone's width (a phone turned upright), the row still shows the chosen card whole.
    await page.setViewportSize(SIZES.mobile);
    const chosenShownWhole = () =>
      row.getByRole("button", { name: /Personal Growth/ }).evaluate((card) => {
        const shown = card.parentElement!.getBoundingClientRect();
        const box = card.getBoundingClientRect();
        return box.left >= shown.left - 1 && box.right <= shown.right + 1;
      });
    await expect.poll(chosenShownWhole).toBe(true);
    await captureScreen(page, "onboarding", () => page.getByLabel("Collection Name").waitFor());

    await page.getByRole("button", { name: "Create My Collection" }).click();
    await toastText(page, "Collection created!").waitFor();
    await toastText(page, "Your first collection is ready. Let's start journaling!").waitFor();
    await page.waitForURL(`${baseUrl}/personal-growth`);
    await page.getByTestId("current-collection").getByText("Personal Growth", { exact: true }).waitFor();
  });

  it("creates a collection of one's own, trimmed, after refusing a blank name, with no connection: sent once it is back", async () => {
    const user = await signUpUser(baseUrl, "own");
    const page = await openPage();
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/onboarding`);

    await page.getByRole("button", { name: "Create My Own" }).click();
    const name = page.getByLabel("Collection Name");
    expect(await name.inputValue()).toBe("");
    await name.fill("   ");
    await page.getByRole("button", { name: "Create My Collection" }).click();
    await toastText(page, "Collection name required").waitFor();
    await toastText(page, "Please give your collection a name.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/onboarding");

    await name.fill("  Dream Log  ");
    await page.getByLabel("Description").fill("  What I remember when I wake up  ");
    await page.getByRole("radio", { name: "#ec4899" }).click();
    // Made with no connection: kept on the device, opened at once, sent when the connection is back.
    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Create My Collection" }).click();
    await page.waitForURL(`${baseUrl}/dream-log`);
    await page.getByTestId("current-collection").getByText("Dream Log", { exact: true }).waitFor();
    expect(await apiAs(baseUrl, user).listCollections()).toEqual([]);
    await page.context().setOffline(false);

    await expect
      .poll(async () => (await apiAs(baseUrl, user).listCollections()).map(({ name, slug, description, primaryColor, isDefault }) => ({ name, slug, description, primaryColor, isDefault })))
      .toEqual([{ name: "Dream Log", slug: "dream-log", description: "What I remember when I wake up", primaryColor: "#ec4899", isDefault: true }]);
  });

  it("switches collections from the header menu and reopens the last one chosen", async () => {
    const user = await signUpUser(baseUrl, "switch");
    const api = apiAs(baseUrl, user);
    await api.createCollection({ name: "Work Notes", primaryColor: "#0369a1", isDefault: true });
    await api.createCollection({ name: "Side Project", primaryColor: "#059669" });
    const page = await openPage();
    await signIn(page, baseUrl, user.email, user.password);
    // No last selection yet: the default collection opens.
    await page.waitForURL(`${baseUrl}/work-notes`);

    await page.getByRole("button", { name: "Collection: Work Notes" }).click();
    const current = page.getByRole("menuitem", { name: "Work Notes" });
    expect(await current.getAttribute("aria-current")).toBe("true");
    expect(await page.getByRole("menuitem", { name: "Side Project" }).getAttribute("aria-current")).toBeNull();
    await chooseMenuItem(page, "Side Project");
    await page.waitForURL(`${baseUrl}/side-project`);
    await page.getByTestId("current-collection").getByText("Side Project", { exact: true }).waitFor();

    // "/" now opens the last selected collection.
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(`${baseUrl}/side-project`);

    await page.getByRole("button", { name: "Collection: Side Project" }).click();
    await chooseMenuItem(page, "Manage Collections");
    await page.waitForURL(`${baseUrl}/collections`);
    await page.getByRole("heading", { name: "Voice Collections" }).waitFor();
  });

  it("the header's menus and the Notes/Summary/Chat tabs work from the keyboard", async () => {
    const user = await signUpUser(baseUrl, "keyboard");
    const api = apiAs(baseUrl, user);
    await api.createCollection({ name: "Work Notes", primaryColor: "#0369a1", isDefault: true });
    await api.createCollection({ name: "Side Project", primaryColor: "#059669" });
    const page = await openPage();
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/work-notes`);
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "");

    // Enter opens the collection menu on its first item; the arrow keys move through its items;
    // Escape closes it and gives the focus back to its button.
    const trigger = page.getByRole("button", { name: "Collection: Work Notes" });
    expect(await trigger.getAttribute("aria-haspopup")).toBe("menu");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    await expect.poll(focusedName).toBe("Work Notes");
    await page.keyboard.press("ArrowDown");
    await expect.poll(focusedName).toBe("Side Project");
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });
    await expect.poll(focusedName).toBe("Collection: Work Notes");
    // Again, and an item chosen with Enter.
    await page.keyboard.press("ArrowDown");
    await page.getByRole("menu").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("menuitem");
    await page.getByRole("menuitem", { name: "Side Project" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/side-project`);

    // The account menu opens with Space.
    await page.getByRole("button", { name: "Account" }).focus();
    await page.keyboard.press(" ");
    await page.getByTestId("user-email").getByText(user.email, { exact: true }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });

    // One tab in the Tab order; the arrow keys, Home and End move and select, wrapping at the ends.
    const tabs = page.getByRole("tablist", { name: "Views of this period" }).getByRole("tab");
    const selected = () => page.getByRole("tab", { selected: true }).innerText();
    expect(await tabs.evaluateAll((els) => els.map((el) => el.getAttribute("tabindex")))).toEqual(["0", "-1", "-1"]);
    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(selected).toContain("Summary");
    await expect.poll(focusedName).toContain("Summary");
    await page.keyboard.press("End");
    await expect.poll(selected).toContain("Chat");
    await page.keyboard.press("ArrowRight");
    await expect.poll(selected).toContain("Notes");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(selected).toContain("Chat");
    await page.keyboard.press("Home");
    await expect.poll(selected).toContain("Notes");
    expect(await tabs.evaluateAll((els) => els.map((el) => el.getAttribute("tabindex")))).toEqual(["0", "-1", "-1"]);
    // The selected tab's panel is the one shown.
    const panelId = await page.getByRole("tab", { selected: true }).getAttribute("aria-controls");
    expect(await page.locator(`[id="${panelId}"]`).isVisible()).toBe(true);
  });

  it("creates a collection on /collections, shows its figures and opens it", async () => {
    const user = await signUpUser(baseUrl, "manage");
    const api = apiAs(baseUrl, user);
    const journal = await api.createCollection({ name: "Journal", description: "Everyday thoughts", primaryColor: "#7c3aed", isDefault: true });
    await api.uploadNote({ domainId: journal.id, title: "First", duration: 95 });
    await api.uploadNote({ domainId: journal.id, title: "Second", duration: 60 });
    // The server replaces the client's durations with the decoded length once a note is transcribed.
    await expect.poll(async () => (await api.collectionStats(journal.id)).transcribedCount, { timeout: 30_000 }).toBe(2);
    const stats = await api.collectionStats(journal.id);
    const page = await openPage();
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/journal`);
    await page.goto(`${baseUrl}/collections`);
    await page.getByRole("heading", { name: "Voice Collections" }).waitFor();
    await page.getByText("Organize your recordings by category or purpose", { exact: true }).waitFor();

    // Two recordings, and their total length in rounded minutes, as the server counts them.
    const journalCard = page.getByTestId("collection-card").filter({ hasText: "Journal" });
    await journalCard.getByText("Everyday thoughts").waitFor();
    await journalCard.getByText(/^Last: /).waitFor();
    const figures = await journalCard.locator("dd").allTextContents();
    expect(figures.slice(0, 3)).toEqual(["2", String(Math.round(stats.totalDuration / 60)), "2"]);

    await page.getByRole("button", { name: "New Collection" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Collection" });
    await dialog.getByText("Create a new collection to organize your voice recordings by category or purpose.").waitFor();
    expect(await dialog.getByLabel("Collection Name").getAttribute("placeholder")).toMatch(/Personal, Work, Projects/);
    expect(await dialog.getByRole("radio", { name: "#6b7280" }).getAttribute("aria-checked")).toBe("true");
    await captureScreen(page, "collections-dialog", () => dialog.getByLabel("Collection Name").waitFor());

    // The whole form is checked before anything is sent; each error sits under its field.
    await dialog.getByLabel("Custom hex color").fill("#12345");
    await dialog.getByRole("button", { name: "Create Collection" }).click();
    await dialog.getByText("Required", { exact: true }).waitFor();
    await dialog.getByText("Please enter a valid hex color", { exact: true }).waitFor();
    await dialog.getByLabel("Collection Name").fill("Reading List");
    await dialog.getByLabel("Description (Optional)").fill("Books and articles");
    await dialog.getByLabel("Custom hex color").fill("#0f766e");
    expect(await dialog.getByText("Please enter a valid hex color").count()).toBe(0);

    // Kept on the device first (the outbox): "Creating..." lasts only that write, too short to catch.
    await dialog.getByRole("button", { name: "Create Collection" }).click();
    await dialog.waitFor({ state: "detached" });
    const readingCard = page.getByTestId("collection-card").filter({ hasText: "Reading List" });
    await readingCard.getByText("No recordings", { exact: true }).waitFor();

    // Reopened, the form is empty again with the default colour; the same name is refused under the field.
    await page.getByRole("button", { name: "New Collection" }).click();
    expect(await dialog.getByLabel("Collection Name").inputValue()).toBe("");
    expect(await dialog.getByLabel("Custom hex color").inputValue()).toBe("#6b7280");
    await dialog.getByLabel("Collection Name").fill("Reading list!");
    await dialog.getByRole("button", { name: "Create Collection" }).click();
    await dialog.getByText('You already have a collection whose address would be "/reading-list". Please choose a different name.').waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    await readingCard.getByRole("button", { name: "Open Collection" }).click();
    await page.waitForURL(`${baseUrl}/reading-list`);
    await page.getByTestId("current-collection").getByText("Reading List", { exact: true }).waitFor();
    // Sent from the outbox: the server has it once it answered, and the page then remembers the server's id.
    const saved = () => api.listCollections().then((list) => list.find((c) => c.name === "Reading List"));
    await expect.poll(saved).toMatchObject({ description: "Books and articles", primaryColor: "#0f766e", isDefault: false });
    const { id } = (await saved())!;
    await expect.poll(() => page.evaluate(() => localStorage.getItem("lastSelectedCollection"))).toBe(id);

    // An address that is no screen at all is the 404 page.
    await page.goto(`${baseUrl}/reading-list/not/here`);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await captureScreen(page, "not-found", () => page.getByText("Path: /reading-list/not/here").waitFor());
  });

  it("deletes the account only after typing delete, then signs out for good", async () => {
    const user = await signUpUser(baseUrl, "delete");
    await apiAs(baseUrl, user).createCollection({ name: "Temporary", isDefault: true });
    const page = await openPage();
    await signIn(page, baseUrl, user.email, user.password);
    await page.waitForURL(`${baseUrl}/temporary`);

    await openAccountMenu(page);
    await chooseMenuItem(page, "Delete Account");
    const dialog = page.getByRole("dialog", { name: "Delete Account" });
    const confirm = dialog.getByRole("button", { name: "Delete Account" });
    const field = dialog.getByLabel("Type delete to confirm");
    expect(await confirm.isDisabled()).toBe(true);
    for (const almost of ["Delete", "delete ", "DELETE", "delet"]) {
      await field.fill(almost);
      expect(await confirm.isDisabled(), almost).toBe(true);
    }
    await field.fill("delete");
    expect(await confirm.isEnabled()).toBe(true);
    await captureScreen(page, "delete-account", () => field.waitFor());

    await confirm.click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("link", { name: "Start Recording Now" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("voice-journal.session"))).toBeNull();

    await signIn(page, baseUrl, user.email, user.password);
    await toastText(page, "Invalid email or password. Please check your credentials and try again.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/login");
  });
});
