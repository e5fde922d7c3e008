import type { EngineSession } from "./session";

/**
 * Page-side lookups by what a person sees (visible text, accessible name, label, placeholder), for
 * drivers that only speak W3C WebDriver. Each runs as an "Execute Script" body.
 */
const LIB = `
const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
const named = (el) => (el.getAttribute("aria-label") || el.textContent || "").trim();
const byText = (text, root) => [...(root && root !== document ? [root] : []), ...(root || document).querySelectorAll("body *")].find(
  (el) => visible(el) && el.textContent.trim() === text && ![...el.children].some((c) => c.textContent.trim() === text));
const button = (name, root) => [...(root || document).querySelectorAll("button, a, [role=button]")].find((el) => visible(el) && named(el) === name);
const cardOf = (scope) => [...document.querySelectorAll('[data-testid="' + scope.testId + '"]')].find(
  (c) => visible(c) && [...c.querySelectorAll("h1, h2, h3, h4")].some((h) => h.textContent.trim() === scope.heading));
const field = (label) => {
  const byPlaceholder = document.querySelector('[placeholder="' + label + '"]');
  if (byPlaceholder) return byPlaceholder;
  const l = [...document.querySelectorAll("label")].find((el) => el.textContent.trim() === label);
  return l && (l.control || document.getElementById(l.htmlFor));
};
`;

export async function waitUntil<T>(
  session: EngineSession,
  body: string,
  args: unknown[],
  what: string,
  timeout = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      last = await session.execute<T>(LIB + body, args);
      if (last) return last as T;
    } catch (err) {
      last = err; // navigation in progress
    }
    if (Date.now() > deadline) {
      const shown = await session.execute<string>(`return location.href + " — " + document.body.innerText.slice(0, 300)`).catch(String);
      throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${String(last)}; page: ${shown})`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A card as a person picks it out in a list: the element with data-testid `testId` whose heading
 * reads `heading` (a note card by its title).
 */
export type Card = { testId: string; heading: string };

const inCard = (card: Card | undefined) => (card ? ` in the ${card.testId} "${card.heading}"` : "");

/**
 * Waits until `text` is shown, optionally inside an element matching the CSS selector `within`,
 * or inside a card.
 */
export function waitForText(
  session: EngineSession,
  text: string,
  options: { within?: string; card?: Card; timeout?: number } = {},
): Promise<boolean> {
  return waitUntil(
    session,
    `const roots = arguments[2] ? [cardOf(arguments[2])].filter(Boolean) : arguments[1] ? [...document.querySelectorAll(arguments[1])] : [document];
     return roots.some((root) => !!byText(arguments[0], root));`,
    [text, options.within ?? null, options.card ?? null],
    `"${text}"${inCard(options.card)}`,
    options.timeout,
  );
}

/** Clicks the button (or link) named `name`, optionally the one inside a card. */
export function clickButton(session: EngineSession, name: string, options: { card?: Card } = {}): Promise<boolean> {
  return waitUntil(
    session,
    `const root = arguments[1] ? cardOf(arguments[1]) : document; if (!root) return false;
     const b = button(arguments[0], root); if (!b || b.disabled) return false; b.click(); return true;`,
    [name, options.card ?? null],
    `button "${name}"${inCard(options.card)}`,
  );
}

/** How many cards are shown whose heading reads `card.heading`. */
export function countCards(session: EngineSession, card: Card): Promise<number> {
  return session.execute<number>(
    LIB + `return [...document.querySelectorAll('[data-testid="' + arguments[0].testId + '"]')].filter(
       (c) => visible(c) && [...c.querySelectorAll("h1, h2, h3, h4")].some((h) => h.textContent.trim() === arguments[0].heading)).length;`,
    [card],
  );
}

/** Waits until no card's heading reads `card.heading`. */
export async function waitForCardGone(session: EngineSession, card: Card, timeout?: number): Promise<void> {
  await waitUntil(session, `return !cardOf(arguments[0]);`, [card], `the ${card.testId} "${card.heading}" to go`, timeout);
}

/** Whether `text` appears anywhere in what the page shows. */
export function pageShows(session: EngineSession, text: string): Promise<boolean> {
  return session.execute<boolean>(`return document.body.innerText.includes(arguments[0]);`, [text]);
}

/** Types into the input found by its label or placeholder, as React sees typing. */
export function fill(session: EngineSession, label: string, value: string): Promise<boolean> {
  return waitUntil(
    session,
    `const el = field(arguments[0]); if (!el) return false;
     const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), "value").set;
     setter.call(el, arguments[1]);
     el.dispatchEvent(new Event("input", { bubbles: true }));
     return true;`,
    [label, value],
    `field "${label}"`,
  );
}

export function count(session: EngineSession, testId: string): Promise<number> {
  return session.execute<number>(`return document.querySelectorAll('[data-testid="' + arguments[0] + '"]').length;`, [testId]);
}

export async function waitForPath(session: EngineSession, pathname: string, timeout = 15_000): Promise<void> {
  await waitUntil(session, `return location.pathname === arguments[0];`, [pathname], `path ${pathname}`, timeout);
}

/** Waits until navigator.onLine says `online` (WebKit notices a route change after a short delay). */
export async function waitForOnLine(session: EngineSession, online: boolean): Promise<void> {
  await waitUntil(session, `return navigator.onLine === arguments[0];`, [online], `navigator.onLine === ${online}`);
}
