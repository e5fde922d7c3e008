// Prerenders the visitor pages (landing, sign-in, sign-up) to static HTML at build time, so a
// visitor sees them without waiting for JavaScript (issue 21). Run by the `prerender-pages` plugin
// of vite.config.ts once the client build is written and before vite-plugin-pwa lists the files
// to precache, so the pages are precached like the shell.
//
// How: a small SSR build of src/prerender/render-page.tsx (the app's own router and components)
// into a temporary folder; each page's markup then goes into a copy of the built index.html, with
// - the stylesheet inlined (the whole of it: one Tailwind file, ~9 kB brotli, and what any later
//   screen needs too), so the first paint waits for no request;
// - the session-hint script inline at the top (see src/prerender/session-hint.ts), which then
//   starts the app after the first paint: the only inline script, allowed by its hash in the CSP;
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
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULEPRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/body>/;

/** Fills a copy of the shell (the built index.html) with one page. */
export function composePage(shell, { css, hintScript, hintClass, markup, prerenderedId }) {
  const entry = ENTRY.exec(shell)?.[1];
  if (!entry || !STYLESHEET.test(shell) || !ROOT.test(shell)) throw new Error("prerender: index.html has no entry script, stylesheet link or #root");
  // The app starts once the page has painted, not before, and its scripts are requested only
  // then too. As a module script in the head, the entry (React, the router: a few hundred ms of a
  // phone's CPU) ran as soon as the document was parsed, often before the first paint; and
  // requested from the head (script, modulepreload) at high priority, ~140 kB of JavaScript
  // shared a slow link with the page's first paint. The chunks the entry imports are preloaded
  // with it, in parallel, as before. A timer starts it too where no frame comes (a background tab).
  const preloads = [...shell.matchAll(MODULEPRELOAD)].map((m) => m[1]);
  const start =
    `;(function(){var s=function(){s=function(){};` +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.appendChild(l)});` +
    `import(${JSON.stringify(entry)})};requestAnimationFrame(function(){setTimeout(function(){s()})});setTimeout(function(){s()},2000)})()`;
  // A signed-in browser sees the app's loading screen (the shell's, in #root) instead of the page;
  // a visitor sees the page and not the loading screen. No JavaScript: the page.
  // The static copy's submit buttons are disabled (see RENDERING_STATIC_COPY) but look as the
  // app's will, so nothing changes when it takes over.
  const hintCss =
    `html.${hintClass} #${prerenderedId}{display:none}html:not(.${hintClass}) #boot-status{display:none}` +
    `#${prerenderedId} button[type=submit]:disabled{background-color:var(--color-brand-600);cursor:progress}`;
  return shell
    .replace("<head>", () => `<head>\n    <script>${hintScript}${start}</script>`)
    .replace(ENTRY, "")
    .replace(new RegExp(`\\s*${MODULEPRELOAD.source}`, "g"), "")
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
