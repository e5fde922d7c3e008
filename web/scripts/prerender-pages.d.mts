/** Types for prerender-pages.mjs (plain JS, like the other build scripts). */
export function prerenderPages(dist: string): Promise<string[]>;
export function composePage(
  shell: string,
  parts: { css: string; hintScript: string; hintClass: string; markup: string; prerenderedId: string },
): string;
