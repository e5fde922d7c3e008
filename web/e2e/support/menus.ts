import type { Page } from "playwright-core";

/** Opens the header's account menu (it holds the signed-in e-mail, Logout and Delete Account). */
export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("menu").waitFor();
}

/** Waits until the account menu names this user, then closes the menu again. */
export async function expectSignedInAs(page: Page, email: string): Promise<void> {
  await openAccountMenu(page);
  await page.getByTestId("user-email").getByText(email, { exact: true }).waitFor();
  await page.keyboard.press("Escape");
  await page.getByRole("menu").waitFor({ state: "detached" });
}

/** Chooses an item of the open menu by its visible name. */
export async function chooseMenuItem(page: Page, name: string): Promise<void> {
  await page.getByRole("menuitem", { name, exact: true }).click();
}
