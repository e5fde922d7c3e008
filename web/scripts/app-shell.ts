import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { withStaticImports } from "./static-imports";

/** What the service worker answers the app's navigations with (src/sw.ts names it too). */
const APP_SHELL_FILE = "app-shell.html";

/**
 * The app shell of an installed app: a copy of the built index.html that also names, in
 * `<link rel=modulepreload>` tags, the chunks the signed-in start loads before its first screen.
 * The service worker answers the app's navigations with it: by then the install has put every
 * chunk on the device, and the browser fetches and compiles them from the precache while the entry
 * runs, instead of each being asked for by Vite's preload helper from script once the entry has
 * run and the route is known (an `appendChild` per chunk on the main thread, and a fetch after the
 * entry's). A first visit, served by the API, gets index.html as it is: its first load stays the
 * entry and what the entry imports.
 *
 * `names` are Rolldown's chunk names; each comes with the chunks it imports statically. A name
 * that no chunk carries fails the build, so a renamed chunk is not dropped unseen. Written in
 * writeBundle, before vite-plugin-pwa lists the files to precache (in closeBundle).
 */
export function appShell(names: readonly string[]): Plugin {
  let outDir = "";
  return {
    name: "vj:app-shell",
    apply: "build",
    configResolved(config) {
      outDir = config.build.ssr ? "" : path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      if (!outDir) return;
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const missing = names.filter((n) => !chunks.some((c) => c.name === n));
      if (missing.length > 0) throw new Error(`app shell: no chunk named ${missing.join(", ")}`);
      // The walk takes the last first: `names`' first chunk (the screen's own code) leads.
      const files = withStaticImports(bundle, names.flatMap((n) => chunks.filter((c) => c.name === n).map((c) => c.fileName)).reverse());
      const shell = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
      // Beside the shell's own tags; what they already name (the entry, its imports) is left out.
      const links = files
        .filter((file) => !shell.includes(`"/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      if (!shell.includes("</head>")) throw new Error("app shell: index.html has no </head>");
      fs.writeFileSync(path.join(outDir, APP_SHELL_FILE), shell.replace("</head>", () => `  ${links.join("\n    ")}\n  </head>`));
    },
  };
}
