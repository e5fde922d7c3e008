import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startCompiledApi } from "../scripts/compiled-api.mjs";
import { chromiumMissingReason, launchBrowser, type Browser } from "./chromium";
import { apiAs, type TestUser } from "./support/api";
import { DEFAULT_TRANSCRIPT } from "./support/fake-openai";
import { chooseMenuItem, openAccountMenu } from "./support/menus";
import { captureScreen, signIn, toastText } from "./support/page";

const missing = chromiumMissingReason();
if (missing) console.warn(`[e2e] admin journeys skipped: ${missing}`);

const LAST_ADMIN = "An instance needs an admin who can sign in: make another account an admin first.";
/** An account with a fixed address (the instance is fresh each run), so the screenshots change only when the screen does. */
async function signUp(baseUrl: string, email: string, password = "journal-pass-1"): Promise<TestUser> {
  const res = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: "public-anon-key" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return { email, password, accessToken: ((await res.json()) as { access_token: string }).access_token };
}

const ACCOUNT_DISABLED = "This account has been disabled. Ask the person who runs this Voice Journal to enable it again.";

// An instance of its own: its first account is the admin, and closing its sign-ups touches no other journey.
describe.skipIf(missing !== null)("running an instance from the admin screen in Chromium", () => {
  const openaiBaseUrl = inject("openaiBaseUrl");
  let api: Awaited<ReturnType<typeof startCompiledApi>> | undefined;
  let baseUrl: string;
  let admin: TestUser;
  let member: TestUser;
  let browser: Browser | undefined;
  let visitor: Browser | undefined;
  let page: Page;
  const invitedEmail = "alex@example.com";

  const account = (email: string) => page.locator(`[data-testid="admin-account"][data-email="${email}"]`);

  beforeAll(async () => {
    // No engine in the environment: the AI settings are the admin screen's to set.
    api = await startCompiledApi({ TRANSCRIBE_ENGINE: "openai", SUMMARY_ENGINE: "extractive", TRANSCRIBE_POLL_MS: "250" });
    baseUrl = api.baseUrl;
    admin = await signUp(baseUrl, "sam@example.com");
    member = await signUp(baseUrl, "robin@example.com");
    await apiAs(baseUrl, admin).createCollection({ name: "Household", primaryColor: "#0d9488", isDefault: true });
    await apiAs(baseUrl, member).createCollection({ name: "Notes", primaryColor: "#7c3aed", isDefault: true });
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });

  afterAll(async () => {
    await visitor?.close();
    await browser?.close();
    await api?.stop();
  });

  it("a member gets the app's 404 at /admin and no Admin entry in the account menu", async () => {
    await signIn(page, baseUrl, member.email, member.password);
    await page.waitForURL(`${baseUrl}/notes`);
    // The menu asks who the account is as it opens: once answered, it has no Admin entry.
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/account");
    await openAccountMenu(page);
    expect((await answered).status()).toBe(200);
    await page.getByRole("menuitem", { name: "Settings" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Admin" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    expect(await page.getByRole("heading", { name: "Admin", level: 1 }).count()).toBe(0);
    const res = await fetch(`${baseUrl}/api/admin/accounts`, { headers: { authorization: `Bearer ${member.accessToken}` } });
    expect(res.status).toBe(404);
    await page.goto(`${baseUrl}/notes`);
    await openAccountMenu(page);
    await chooseMenuItem(page, "Logout");
    await page.waitForURL(`${baseUrl}/auth/login`);
  });

  it("the first account opens the admin screen from the account menu: accounts, the instance, and never the last admin removed", async () => {
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.waitForURL(`${baseUrl}/household`);
    await openAccountMenu(page);
    await chooseMenuItem(page, "Admin");
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole("heading", { name: "Admin", level: 1 }).waitFor();
    await account(admin.email).getByText("You", { exact: true }).waitFor();
    await account(admin.email).getByText("Admin", { exact: true }).waitFor();
    await account(member.email).getByTestId("account-notes").getByText("0", { exact: true }).waitFor();
    await page.getByTestId("state-accounts").getByText("2", { exact: true }).waitFor();
    await page.getByTestId("state-database").getByText("OK").waitFor();
    await page.getByTestId("state-backups").getByText("No backup taken yet.").waitFor();

    // Removing the only admin is refused with the server's reason.
    await account(admin.email).getByRole("button", { name: "Remove admin" }).click();
    await toastText(page, LAST_ADMIN).waitFor();
    await account(admin.email).getByText("Admin", { exact: true }).waitFor();
  });

  it("disabling an account ends its sessions and refuses its sign-in", async () => {
    await account(member.email).getByRole("button", { name: "Disable" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Disable this account?" });
    await dialog.getByText(member.email).waitFor();
    await dialog.getByRole("button", { name: "Disable account" }).click();
    await account(member.email).getByText("Disabled", { exact: true }).waitFor();
    await account(member.email).getByRole("button", { name: "Enable" }).waitFor();
    // Its token stops working at once.
    const res = await fetch(`${baseUrl}/api/domains`, { headers: { authorization: `Bearer ${member.accessToken}` } });
    expect(res.status).toBe(401);

    visitor = await launchBrowser({ serviceWorkers: "block" });
    const other = visitor.context.pages()[0] ?? (await visitor.context.newPage());
    await signIn(other, baseUrl, member.email, member.password);
    await toastText(other, ACCOUNT_DISABLED).waitFor();
    expect(new URL(other.url()).pathname).toBe("/auth/login");
    await visitor.close();
    visitor = undefined;
  });

  it("per-account limits: a bad value is refused in the form, a good one is saved", async () => {
    await account(member.email).getByRole("button", { name: "Limits" }).click();
    const dialog = page.getByRole("dialog", { name: "Daily limits" });
    await dialog.getByLabel("Transcription minutes a day").fill("-3");
    await dialog.getByRole("button", { name: "Save limits" }).click();
    await dialog.getByText("A limit cannot be negative").waitFor();
    await captureScreen(page, "admin-limits", () => dialog.getByText("A limit cannot be negative").waitFor());
    await dialog.getByLabel("Transcription minutes a day").fill("20");
    await dialog.getByLabel("Ask questions a day").fill("5");
    await dialog.getByRole("button", { name: "Save limits" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await account(member.email).getByTestId("account-own-limits").getByText(/Transcription minutes 20 min a day · Ask questions 5 a day/).waitFor();
  });

  it("the AI settings: Test shows what the endpoint answered, Save keeps the key without ever showing it", async () => {
    const ai = page.locator("section#ai");
    await ai.getByTestId("ai-key-state").getByText("Not set").waitFor();
    await ai.getByLabel("Base URL").fill(openaiBaseUrl);
    await ai.getByLabel("API key", { exact: true }).fill("sk-admin-screen-test");
    await ai.getByRole("button", { name: "Test", exact: true }).click();
    const result = ai.getByTestId("ai-test-result");
    await result.getByTestId("ai-test-transcription").getByText(`“${DEFAULT_TRANSCRIPT}”`).waitFor({ timeout: 30_000 });
    await result.getByTestId("ai-test-transcription").getByText(/worked · openai:whisper-1/).waitFor();
    await result.getByTestId("ai-test-summary").getByText(/worked · openai:gpt-4o-mini/).waitFor();

    await ai.getByRole("button", { name: "Save AI settings" }).click();
    await toastText(page, "AI settings saved").waitFor();
    await ai.getByTestId("ai-key-state").getByText("Set", { exact: true }).waitFor();
    expect(await ai.getByLabel("API key", { exact: true }).inputValue()).toBe("");
    expect(await ai.getByLabel("Base URL").inputValue()).toBe(openaiBaseUrl);
    // The instance's engines follow without a restart.
    await page.getByTestId("state-transcription-engine").getByText(/openai/).waitFor({ timeout: 20_000 });
    const settings = await (await fetch(`${baseUrl}/api/admin/settings`, { headers: { authorization: `Bearer ${admin.accessToken}` } })).text();
    expect(settings).not.toContain("sk-admin-screen-test");
  });

  it("sign-ups by invitation: the pages say so, and an invitation link lets one person in, once", async () => {
    const signups = page.locator("section#signups");
    await signups.getByLabel(/By invitation/).check();
    await toastText(page, "Sign-ups changed").waitFor();
    await expect.poll(() => signups.getByLabel(/By invitation/).isChecked()).toBe(true);

    const invitations = page.locator("section#invitations");
    await invitations.getByLabel("E-mail (optional)").fill(invitedEmail);
    await invitations.getByRole("button", { name: "Create invitation" }).click();
    const shown = invitations.getByTestId("invitation-link");
    await shown.getByText(`Invitation link for ${invitedEmail}`, { exact: false }).waitFor();
    const link = await shown.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/auth/signup\\?invitation=[\\w-]+$`));
    await browser!.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await shown.getByRole("button", { name: "Copy link" }).click();
    await shown.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await invitations.getByTestId("invitation").filter({ hasText: invitedEmail }).getByText("Open", { exact: true }).waitFor();

    // The screen as it stands, without the toasts of what was just done.
    for (const close of await page.getByRole("region", { name: /Notifications/ }).getByRole("button", { name: "Close" }).all()) await close.click();
    await captureScreen(page, "admin", () => page.getByTestId("ai-test-result").waitFor());

    visitor = await launchBrowser({ serviceWorkers: "block" });
    const other = visitor.context.pages()[0] ?? (await visitor.context.newPage());
    // Without a link, the landing and sign-up pages say sign-ups are by invitation (once the page is in use).
    await other.goto(`${baseUrl}/`);
    await other.getByRole("heading", { level: 1 }).first().click();
    await other.getByTestId("signup-policy-line").getByText("Sign-ups are by invitation").waitFor();
    await other.goto(`${baseUrl}/auth/signup`);
    await other.getByLabel("Email").click();
    const notice = other.getByTestId("signup-notice");
    await notice.getByText("Sign-ups are by invitation").waitFor();
    await captureScreen(other, "signup-invite-only", () => notice.getByText("Sign-ups are by invitation").waitFor());
    // Trying anyway is refused in GoTrue's words.
    await other.getByLabel("Email").fill("stranger@example.com");
    await other.getByLabel("Password", { exact: true }).fill("journal-pass-1");
    await other.getByLabel("Confirm password", { exact: true }).fill("journal-pass-1");
    await other.getByRole("button", { name: "Create account" }).click();
    await toastText(other, "Signups not allowed for this instance").waitFor();

    // With the link: welcomed, the address filled in, and in.
    await other.goto(link);
    await other.getByLabel("Email").click();
    await other.getByTestId("signup-notice").getByText("You're invited").waitFor();
    await expect.poll(() => other.getByLabel("Email").inputValue()).toBe(invitedEmail);
    await other.getByLabel("Password", { exact: true }).fill("journal-pass-1");
    await other.getByLabel("Confirm password", { exact: true }).fill("journal-pass-1");
    await other.getByRole("button", { name: "Create account" }).click();
    await other.waitForURL(`${baseUrl}/onboarding`);
    await visitor.close();

    // Used once, it says so to the next person who opens it.
    visitor = await launchBrowser({ serviceWorkers: "block" });
    const third = visitor.context.pages()[0] ?? (await visitor.context.newPage());
    await third.goto(link);
    await third.getByLabel("Email").click();
    await third.getByTestId("signup-notice").getByText("This invitation link was already used").waitFor();

    await page.reload();
    const invitations2 = page.locator("section#invitations");
    await invitations2.getByTestId("invitation").filter({ hasText: invitedEmail }).getByText(`Used by ${invitedEmail}`).waitFor();
    await account(invitedEmail).waitFor();

    // A link for anyone, revoked before it is used, lets nobody in.
    await invitations2.getByRole("button", { name: "Create invitation" }).click();
    const anyone = await invitations2.getByTestId("invitation-link").getByLabel("Invitation link").inputValue();
    await invitations2.getByTestId("invitation").filter({ hasText: "Anyone with the link" }).getByRole("button", { name: "Revoke" }).click();
    await toastText(page, "Invitation revoked").waitFor();
    await expect.poll(() => invitations2.getByTestId("invitation").filter({ hasText: "Anyone with the link" }).count()).toBe(0);
    expect(await invitations2.getByTestId("invitation-link").count()).toBe(0);
    await third.goto(anyone);
    await third.getByLabel("Email").click();
    await third.getByTestId("signup-notice").getByText("This invitation link is not valid").waitFor();
  });

  it("with another admin, an admin may step down, and the screen is no longer theirs", async () => {
    await account(invitedEmail).getByRole("button", { name: "Make admin" }).click();
    await account(invitedEmail).getByText("Admin", { exact: true }).waitFor();
    await account(admin.email).getByRole("button", { name: "Remove admin" }).click();
    await page.waitForURL(`${baseUrl}/household`);
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: "Settings" }).waitFor();
    await expect.poll(() => page.getByRole("menuitem", { name: "Admin" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  });
});
