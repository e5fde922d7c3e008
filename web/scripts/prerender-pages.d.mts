/** Types for prerender-pages.mjs (plain JS, like the other build scripts). */
/** The visitor island a visitor's first use starts (src/visitor.tsx): its entry and the chunks it imports, as paths ("/assets/…"). */
export type VisitorIsland = { entry: string; preloads: string[] };
/** Without `visitor`, a visitor's first use starts the app. */
export function prerenderPages(dist: string, visitor?: VisitorIsland): Promise<string[]>;
export function composePage(
  shell: string,
  parts: { css: string; hintScript: string; hintClass: string; markup: string; prerenderedId: string; pressGlobal: string; visitor?: VisitorIsland },
): string;
