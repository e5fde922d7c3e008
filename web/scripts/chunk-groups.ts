import type { Plugin } from "vite";

/**
 * Fewer chunks for the app's start (issue 21). Left to itself, Rolldown gives every module that
 * the entry shares with a lazy chunk a chunk of its own: the first load came as 11 files and the
 * signed-in main screen as 21 more. Vite's preload helper appends a `<link rel=modulepreload>` for
 * each, and a trace of the signed-in start spent 23 ms of main-thread time in those `appendChild`
 * calls alone (92 ms at Lighthouse's 4× CPU).
 *
 * The groups, once the module graph is known:
 * - what the entry imports statically (Rolldown's `$initial` tag) stays with the entry;
 * - `outbox`: what the outbox's page start needs beyond that (Dexie, the upload client);
 * - `signed-in`: what the signed-in main screen's route pieces need beyond both.
 * The last two are loaded at different moments (the session, then the route), so each is
 * evaluated in a task of its own rather than in one long one. Code loaded on use (supabase-js,
 * react-markdown, the toasts, the other screens) keeps its own chunks.
 */
export function chunkGroups(groups: { outbox: RegExp; signedIn: RegExp }): Plugin {
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
                  { name: "index", priority: 3, tags: ["$initial"] },
                  { name: "outbox", priority: 2, test: (id: string) => outbox.has(id) },
                  { name: "signed-in", priority: 1, test: (id: string) => signedIn.has(id) },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      // Every module that `starts` import statically, directly or not. The group priorities keep
      // what the first load already holds out of both groups.
      const staticClosure = (starts: string[], into: Set<string>, except: Set<string>) => {
        const stack = [...starts];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id) || except.has(id)) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      const ids = [...this.getModuleIds()];
      staticClosure(ids.filter((id) => groups.outbox.test(id)), outbox, new Set());
      staticClosure(ids.filter((id) => groups.signedIn.test(id)), signedIn, outbox);
    },
  };
}
