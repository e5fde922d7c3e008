// Prerenders the visitor pages (landing, sign-in, sign-up) to static HTML at build time, so a
// visitor sees them without waiting for JavaScript (issue 21). Run by the `prerender-pages` plugin
// of vite.config.ts once the client build is written and before vite-plugin-pwa lists the files
// to precache, so the pages are precached like the shell.
//
// How: a small SSR build of src/prerender/render-page.tsx (the app's own router and components)
// into a temporary folder; each page's markup then goes into a copy of the built index.html, with
// - the stylesheet inlined (the whole of it: one Tailwind file, ~9 kB brotli, and what any later
//   screen needs too), so the first paint waits for no request;
// - the session-hint script inline at the top (see src/prerender/session-hint.ts), the only
//   inline script, allowed by its hash in the API's CSP;
// - the markup in #prerendered beside the app's #root, which the app takes over (src/prerender/takeover.ts).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import react from "@vitejs/plugin-react";

const web = path.resolve(import.meta.dirname, "..");

/** Builds the server renderer into `outDir` and imports it. */
async function loadRenderer(outDir) {
  await build({
    configFile: false,
    root: web,
    logLevel: "warn",
    mode: "production",
    plugins: [react()],
    // Workspace packages are TypeScript sources: bundled, not imported by Node at run time.
    ssr: { noExternal: [/^@vj\//] },
    build: { ssr: path.join(web, "src/prerender/render-page.tsx"), outDir, emptyOutDir: true, minify: false },
  });
  return import(pathToFileURL(path.join(outDir, "render-page.js")).href + `?t=${Date.now()}`);
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/;
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/body>/;

/** Fills a copy of the shell (the built index.html) with one page. */
export function composePage(shell, { css, hintScript, hintClass, markup, prerenderedId }) {
  if (!STYLESHEET.test(shell) || !ROOT.test(shell)) throw new Error("prerender: index.html has no stylesheet link or #root");
  // A signed-in browser sees the app's loading screen (the shell's, in #root) instead of the page;
  // a visitor sees the page and not the loading screen. No JavaScript: the page.
  const hintCss = `html.${hintClass} #${prerenderedId}{display:none}html:not(.${hintClass}) #boot-status{display:none}`;
  return shell
    .replace("<head>", () => `<head>\n    <script>${hintScript}</script>`)
    .replace(STYLESHEET, () => `<style>${css}${hintCss}</style>`)
    .replace(ROOT, (root) => `<div id="${prerenderedId}">${markup}</div>\n    ${root}`);
}

/** Writes dist/prerendered/<path>/index.html for each visitor page; returns the files written. */
export async function prerenderPages(dist) {
  const tmp = path.join(web, "node_modules/.vj-prerender");
  const renderer = await loadRenderer(tmp);
  try {
    const shell = fs.readFileSync(path.join(dist, "index.html"), "utf8");
    const cssHref = STYLESHEET.exec(shell)?.[1];
    if (!cssHref) throw new Error("prerender: no stylesheet in index.html");
    const css = fs.readFileSync(path.join(dist, cssHref), "utf8").replace(/\/\*# sourceMappingURL=.*?\*\//, "");
    const written = [];
    for (const page of renderer.PRERENDERED_PATHS) {
      const html = composePage(shell, {
        css,
        hintScript: renderer.sessionHintSource(),
        hintClass: renderer.SESSION_HINT_CLASS,
        markup: await renderer.renderPage(page),
        prerenderedId: renderer.PRERENDERED_ID,
      });
      const file = path.join(dist, renderer.prerenderedFile(page));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, html);
      written.push(path.relative(dist, file));
    }
    return written;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
