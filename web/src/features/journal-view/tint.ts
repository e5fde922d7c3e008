/**
 * Text on a collection's colour. Collections may be any hex (the collections form takes free
 * input), and white on amber or lime is unreadable, so the text colour is whichever of white and
 * near-black contrasts more with the background (WCAG relative luminance).
 */

const DARK_TEXT = "#0f172a"; // slate-900
const LIGHT_TEXT = "#ffffff";
const BLACK_TEXT = "#000000";
const MIN_TEXT_CONTRAST = 4.5; // WCAG AA for normal-size text

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of "#rrggbb"; null for anything else. */
export function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return null;
  const [r, g, b] = [m[1], m[2], m[3]].map((part) => channel(parseInt(part!, 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrastRatio(a: number, b: number): number {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * White or near-black, whichever reads better on `background`; for mid-tones where neither
 * reaches the 4.5:1 text contrast (violet #8b5cf6 gives 4.2 with white), pure black.
 */
export function readableTextOn(background: string): string {
  const bg = luminance(background);
  if (bg === null) return LIGHT_TEXT;
  const light = contrastRatio(bg, 1);
  const dark = contrastRatio(bg, luminance(DARK_TEXT)!);
  if (Math.max(light, dark) >= MIN_TEXT_CONTRAST) return light >= dark ? LIGHT_TEXT : DARK_TEXT;
  return contrastRatio(bg, 0) > light ? BLACK_TEXT : LIGHT_TEXT;
}

/** A colour the UI can paint with: the collection's own, or a neutral slate when it is malformed. */
export function tintOf(color: string | null | undefined): string {
  return color && luminance(color) !== null ? color : "#475569";
}
