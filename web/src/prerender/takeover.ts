import { useLayoutEffect } from "react";
import { PRERENDERED_ID } from "./pages";

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

/** What was typed into the prerendered page's field `id` before the app took over ("" if none). */
export function prerenderedFieldValue(id: string): string {
  const element = prerenderedElement();
  if (!element) return "";
  const field = element.querySelector(`#${CSS.escape(id)}`);
  return field instanceof HTMLInputElement ? field.value : "";
}

/** Removes the prerendered markup; focus moves to the app's element of the same id. */
export function dropPrerenderedPage(): void {
  const element = prerenderedElement();
  if (!element) return;
  const focused = document.activeElement;
  const inside = focused instanceof HTMLElement && focused.id && element.contains(focused) ? focused : null;
  element.remove();
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
