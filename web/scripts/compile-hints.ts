import type { Plugin } from "vite";

/**
 * V8's explicit compile hint (Chromium 136+): a script that starts with this comment has every
 * function compiled eagerly, on the background thread that streams it in, instead of lazily on
 * the main thread at its first call. Without a code cache (a first load after a deploy, and every
 * Lighthouse run) that lazy compilation was most of the signed-in start's long tasks.
 * Other engines read it as a comment.
 */
const HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Puts the compile hint at the top of the chunks named `names` (Rolldown's chunk names): those
 * whose code runs while a page starts. The route chunks that load on navigation stay lazy. A
 * name that no chunk carries fails the build, so a renamed chunk does not lose its hint unseen.
 */
export function compileHints(names: readonly string[]): Plugin {
  let ssr = false;
  return {
    name: "vj:compile-hints",
    apply: "build",
    // After Vite's own generateBundle, which puts __vite__mapDeps on top of chunks with dynamic imports.
    enforce: "post",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        // The prerender's server build.
        if (ssr) return;
        const hinted = new Set<string>();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || !names.includes(chunk.name)) continue;
          // V8 reads the hint only before the script's first token.
          chunk.code = HINT + chunk.code;
          // One generated line more at the top of the source map (written out as an asset by now).
          const mapAsset = bundle[`${chunk.fileName}.map`];
          if (mapAsset?.type === "asset" && typeof mapAsset.source === "string") {
            const map = JSON.parse(mapAsset.source) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            mapAsset.source = JSON.stringify(map);
          }
          hinted.add(chunk.name);
        }
        const missing = names.filter((n) => !hinted.has(n));
        if (missing.length > 0) this.error(`compile hints: no chunk named ${missing.join(", ")}`);
      },
    },
  };
}
