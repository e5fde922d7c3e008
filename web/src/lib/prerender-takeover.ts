import { useLayoutEffect } from "react";
import { PRERENDERED_ID, STATIC_HELD_GLOBAL, STATIC_PRESS_GLOBAL, type StaticPress } from "./prerendered-pages";

/**
 * The handover from a prerendered page (web/scripts/prerender-pages.mjs) to the app. The page's
 * markup stays in #prerendered, painted and usable as links, while the app starts in the empty
 * #root beside it; the page's component, once React has built the same markup, removes the
 * static copy in the same commit, before the browser paints again: no frame without the page, and
 * nothing moves (the two are the same markup at the same place). What the person typed and where
 * their cursor was carry over.
 */
function prerenderedElement(): HTMLElement | null {
  return typeof document === "undefined" ? null : document.getElementById(PRERENDERED_ID);
}

/** Whether a prerendered page is on screen and waits for the app to take it over. */
export function showsPrerenderedPage(): boolean {
  const element = prerenderedElement();
  return element !== null && getComputedStyle(element).display !== "none";
}

/**
 * Presses the app's button that matches a press on the static copy (same role, same label or
 * text): a mouse press and a click, as a Radix control may act on the press and a button on the
 * click. A form sent on the static copy (its inline script held it back) is sent again from the
 * app's form, which by then holds what was typed: the person pressed Sign in once, and it signs in.
 */
function pressAgain(press: StaticPress): void {
  if ("submit" in press) {
    const form = document.querySelector<HTMLFormElement>(`#root form`);
    const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (form && submit && !submit.disabled) form.requestSubmit(submit);
    return;
  }
  const button = [...document.querySelectorAll<HTMLButtonElement>('button[type="button"]')].find(
    (b) => (b.getAttribute("role") ?? "") === press.role && (b.getAttribute("aria-label") ?? b.textContent?.trim()) === press.label,
  );
  if (!button || button.disabled) return;
  button.dispatchEvent(new MouseEvent("mousedown", { bubbles: true, cancelable: true, button: 0 }));
  button.click();
}

/** The static copy's last press, then the one still held as the app took over; each once. */
function replayStaticPresses(): void {
  const store = window as unknown as Record<string, StaticPress | undefined>;
  const press = store[STATIC_PRESS_GLOBAL];
  const held = store[STATIC_HELD_GLOBAL];
  delete store[STATIC_PRESS_GLOBAL];
  delete store[STATIC_HELD_GLOBAL];
  if (press) pressAgain(press);
  // A form already sent is not sent twice.
  if (held && !(press && "submit" in press && "submit" in held)) pressAgain(held);
}

/**
 * Removes the prerendered markup. What was typed into its fields goes to the app's fields of the
 * same id (as an input event, so a controlled field's state follows), and so does the focus: the
 * person may have typed while the app was still rendering. A button pressed meanwhile, or still
 * held down, is pressed again on the app's copy.
 */
export function dropPrerenderedPage(): void {
  const element = prerenderedElement();
  if (!element) return;
  const typed = [...element.querySelectorAll("input")].filter((input) => input.id && input.value !== input.defaultValue);
  const focused = document.activeElement;
  const inside = focused instanceof HTMLElement && focused.id && element.contains(focused) ? focused : null;
  element.remove();
  // After this commit, outside it: the press is an event like any other for React.
  queueMicrotask(replayStaticPresses);
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  for (const input of typed) {
    const next = document.getElementById(input.id);
    if (!(next instanceof HTMLInputElement) || next.value === input.value || !setValue) continue;
    setValue.call(next, input.value);
    next.dispatchEvent(new Event("input", { bubbles: true }));
  }
  if (!inside) return;
  const next = document.getElementById(inside.id);
  next?.focus({ preventScroll: true });
  if (inside instanceof HTMLInputElement && next instanceof HTMLInputElement && inside.selectionStart !== null) {
    try {
      next.setSelectionRange(inside.selectionStart, inside.selectionEnd);
    } catch {
      // type=email has no selection API in some engines
    }
  }
}

/** In a prerendered page's component: its markup replaces the static copy. */
export function useTakeOverPrerenderedPage(): void {
  useLayoutEffect(dropPrerenderedPage, []);
}
