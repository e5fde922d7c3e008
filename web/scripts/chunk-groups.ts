import type { Plugin } from "vite";

/**
 * Fewer chunks for the app's start. Left to itself, Rolldown gives every module that
 * the entry shares with a lazy chunk a chunk of its own: the first load came as 11 files and the
 * signed-in main screen as 21 more. Vite's preload helper appends a `<link rel=modulepreload>` for
 * each, and a trace of the signed-in start spent 23 ms of main-thread time in those `appendChild`
 * calls alone (92 ms at Lighthouse's 4× CPU).
 *
 * The groups, once the module graph is known:
 * - `pages`: what the app's entry imports statically and the visitor island (src/visitor.tsx) uses
 *   at all: React, the sign-in and sign-up pages. A visitor's page loads it with the island's own
 *   chunks below, and nothing of the router, TanStack Query or the outbox;
 * - `visitor-ui`: what else the island imports that the signed-in screens or the outbox also use
 *   (Radix Tabs, icons); `lazy-ui`: the same for what the island loads on use (the toasts' Radix
 *   parts, shared with the dialogs); `landing`: the rest of what the island imports (the landing
 *   page). None of the island's code may land in a chunk that imports the app's entry (as `index`
 *   holds it, and `outbox` and `signed-in` import it): the island loading it would start the app
 *   beside itself. Rolldown puts a group's dependencies into it too, so the island's share is
 *   taken first, by priority;
 * - `index`: the rest of what the app's entry imports statically stays with the entry;
 * - `outbox`: what the outbox's page start needs beyond that (Dexie, the upload client);
 * - `signed-in`: what the signed-in main screen's route pieces need beyond both.
 * The last two are loaded at different moments (the session, then the route), so each is
 * evaluated in a task of its own rather than in one long one. Code loaded on use (supabase-js,
 * react-markdown, the toasts, the other screens) keeps its own chunks.
 *
 * No group follows an import into a module that `lazy` matches (zod and the schemas it builds):
 * the features reach them through @vj/core's barrel, for its constants, and a group would take
 * them all into the start. Left to Rolldown, they go with what uses them (the answer schemas'
 * chunk, which the API client loads on the first answer), except zod itself: the `zod` group
 * holds it (and what `zod` matches of the app), loaded and evaluated a task before the schemas.
 */
export function chunkGroups(groups: { app: RegExp; visitor: RegExp; outbox: RegExp; signedIn: RegExp; lazy: RegExp; zod: RegExp }): Plugin {
  const visitor = new Set<string>();
  const pages = new Set<string>();
  const visitorUi = new Set<string>();
  const lazyUi = new Set<string>();
  const landing = new Set<string>();
  const outbox = new Set<string>();
  const signedIn = new Set<string>();
  return {
    name: "vj:chunk-groups",
    apply: "build",
    config(config) {
      // The prerender's server build keeps one chunk per module.
      if (config.build?.ssr) return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "pages", priority: 7, test: (id: string) => pages.has(id) },
                  { name: "visitor-ui", priority: 6, test: (id: string) => visitorUi.has(id) },
                  { name: "lazy-ui", priority: 5, test: (id: string) => lazyUi.has(id) },
                  { name: "landing", priority: 4, test: (id: string) => landing.has(id) },
                  // Not a closure like the others: those follow @vj/core's barrel to every schema of
                  // the web; the entry's chunk (Rolldown's `$initial` tag) holds what it uses.
                  { name: "index", priority: 3, tags: ["$initial"], test: (id: string) => !visitor.has(id) },
                  { name: "outbox", priority: 2, test: (id: string) => outbox.has(id) },
                  { name: "signed-in", priority: 1, test: (id: string) => signedIn.has(id) },
                  // zod apart from the schemas built with it: each is evaluated in a task of its own.
                  { name: "zod", priority: 0, test: (id: string) => groups.zod.test(id) },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      // Every module that the modules matching `pattern` import statically (or at all), directly or not.
      const ids = [...this.getModuleIds()];
      const closureOf = (pattern: RegExp, dynamic = false) => {
        const into = new Set<string>();
        const stack = ids.filter((id) => pattern.test(id));
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id) || groups.lazy.test(id)) continue;
          into.add(id);
          const info = this.getModuleInfo(id);
          stack.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
        }
        return into;
      };
      const app = closureOf(groups.app);
      const outboxAll = closureOf(groups.outbox);
      const signedInAll = closureOf(groups.signedIn);
      const visitorStatic = closureOf(groups.visitor);
      for (const id of closureOf(groups.visitor, true)) {
        visitor.add(id);
        const shared = outboxAll.has(id) || signedInAll.has(id);
        if (app.has(id)) pages.add(id);
        else if (shared) (visitorStatic.has(id) ? visitorUi : lazyUi).add(id);
        else if (visitorStatic.has(id) && !groups.visitor.test(id)) landing.add(id);
      }
      // The priorities keep what a group above holds out of these two.
      for (const id of outboxAll) outbox.add(id);
      for (const id of signedInAll) if (!outbox.has(id)) signedIn.add(id);
    },
  };
}
