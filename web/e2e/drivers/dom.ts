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
const button = (name) => [...document.querySelectorAll("button, a, [role=button]")].find((el) => visible(el) && named(el) === name);
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

/** Waits until `text` is shown, optionally inside an element matching the CSS selector `within`. */
export function waitForText(session: EngineSession, text: string, options: { within?: string; timeout?: number } = {}): Promise<boolean> {
  return waitUntil(
    session,
    `const roots = arguments[1] ? [...document.querySelectorAll(arguments[1])] : [document];
     return roots.some((root) => !!byText(arguments[0], root));`,
    [text, options.within ?? null],
    `"${text}"`,
    options.timeout,
  );
}

export function clickButton(session: EngineSession, name: string): Promise<boolean> {
  return waitUntil(session, `const b = button(arguments[0]); if (!b || b.disabled) return false; b.click(); return true;`, [name], `button "${name}"`);
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
