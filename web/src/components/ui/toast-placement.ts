/** A box on screen, in viewport pixels. */
export type Box = { top: number; bottom: number; left: number; right: number };

/** The space kept between a toast and the nearest control above or below it. */
export const TOAST_CLEARANCE_PX = 8;

/**
 * How far above its home at the bottom of the screen the toast stack stands so that it covers no
 * control. `stack` is where the stack is drawn now, lifted by `current`; `controls` are the boxes
 * of what a person can press or type into. A lift that leaves every control free is kept (a toast
 * does not jump while the page scrolls under it unless something comes beneath it); otherwise the
 * lowest free lift is taken: the stack stands just above the control it would cover, or stays
 * home. When no place on screen is free, the lift that covers the fewest controls wins.
 */
export function toastLift(current: number, stack: Box, controls: readonly Box[], viewportHeight: number): number {
  const gap = TOAST_CLEARANCE_PX;
  const beside = controls.filter((c) => c.left < stack.right && c.right > stack.left && c.bottom > 0 && c.top < viewportHeight);
  const covered = (lift: number) => {
    const top = stack.top - (lift - current);
    const bottom = stack.bottom - (lift - current);
    return beside.filter((c) => c.top < bottom + gap && c.bottom > top - gap).length;
  };
  if (covered(current) === 0) return current;
  const fits = (lift: number) => lift >= 0 && stack.top - (lift - current) >= 0;
  const candidates = [0, ...beside.map((c) => current + stack.bottom - (c.top - gap))].filter(fits).sort((a, b) => a - b);
  let best = current;
  let fewest = covered(current);
  for (const lift of candidates) {
    const n = covered(lift);
    if (n === 0) return lift;
    if (n < fewest) {
      best = lift;
      fewest = n;
    }
  }
  return best;
}

const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"], [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** The boxes of the controls shown on screen now, outside `except` (the toasts' own region). */
export function controlBoxes(doc: Document, except: Element | null): Box[] {
  const boxes: Box[] = [];
  for (const el of Array.from(doc.querySelectorAll<HTMLElement>(CONTROLS))) {
    if (except?.contains(el)) continue;
    const r = el.getBoundingClientRect();
    // Visually hidden labels and inputs (1 px boxes) are not something a person aims at.
    if (r.width <= 1 || r.height <= 1) continue;
    if (doc.defaultView?.getComputedStyle(el).visibility === "hidden") continue;
    boxes.push({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
  }
  return boxes;
}
