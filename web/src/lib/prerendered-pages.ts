/**
 * The visitor pages prerendered at build time (web/scripts/prerender-pages.mjs): each path's HTML is
 * written to `prerendered<path>/index.html` of the build, which the API (api/src/web-static.ts) and
 * the service worker (sw.ts) answer for that path instead of the empty app shell.
 */
export const PRERENDERED_PATHS = ["/", "/auth/login", "/auth/signup"] as const;
export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/** The build file of a prerendered path, relative to the build directory ("prerendered/auth/login/index.html"). */
export function prerenderedFile(path: PrerenderedPath): string {
  return `prerendered${path === "/" ? "" : path}/index.html`;
}

/** The element holding the prerendered markup, beside the app's empty #root (see prerender-takeover.ts). */
export const PRERENDERED_ID = "prerendered";

/**
 * Where the prerendered page's inline script keeps the last press made before the app took over:
 * one of its buttons (a use-case tab, Show password: { role, label }) or its form sent (Sign in,
 * Sign up: { submit: true }). The takeover presses the app's matching button, or sends the app's
 * form with what was typed (prerender-takeover.ts).
 */
export const STATIC_PRESS_GLOBAL = "__vjStaticPress";
/**
 * Where it keeps a press still held on one of its buttons (pointer down, not yet up). Held when the
 * app takes over, the press ends on the app's button, and the browser clicks neither: the takeover
 * presses the app's button for it.
 */
export const STATIC_HELD_GLOBAL = "__vjStaticHeld";
export type StaticPress = { role: string; label: string } | { submit: true };
