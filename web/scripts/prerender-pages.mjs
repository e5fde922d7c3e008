// Prerenders the visitor pages (landing, sign-in, sign-up) to static HTML at build time, so a
// visitor sees them without waiting for JavaScript. Run by the `prerender-pages` plugin
// of vite.config.ts once the client build is written and before vite-plugin-pwa lists the files
// to precache, so the pages are precached like the shell.
//
// How: a small SSR build of src/prerender/render-page.tsx (the app's own router and components)
// into a temporary folder; each page's markup then goes into a copy of the built index.html, with
// - the stylesheet inlined (the whole of it: one Tailwind file, ~9 kB brotli, and what any later
//   screen needs too), so the first paint waits for no request;
// - the session-hint script inline at the top (see src/prerender/session-hint.ts), which then
//   starts the app after the first paint: the only inline script, allowed by its hash in the CSP;
// - the markup in #prerendered beside the app's #root, which the app takes over (src/lib/prerender-takeover.ts).
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

/** A visitor's page that nobody touches starts the app this long after its load event. */
export const VISITOR_IDLE_START_MS = 5000;

/** Fills a copy of the shell (the built index.html) with one page. */
export function composePage(shell, { css, hintScript, hintClass, markup, prerenderedId, pressGlobal, heldGlobal, visitor }) {
  const entry = ENTRY.exec(shell)?.[1];
  if (!entry || !STYLESHEET.test(shell) || !ROOT.test(shell)) throw new Error("prerender: index.html has no entry script, stylesheet link or #root");
  // Which scripts are requested and run, and when:
  // - a browser that may hold a session (the hint's class): the app, once the page has painted, as
  //   its loading screen waits for the app (a timer where no frame comes: a background tab);
  // - a visitor: the visitor island (src/visitor.tsx: React and the three pages, without the
  //   router, TanStack Query or the outbox), on first use of the page (a pointer or key pressed, a
  //   field focused), or once the page has loaded and stayed untouched for VISITOR_IDLE_START_MS
  //   (it registers the service worker, for offline use and installation). The static page is
  //   readable, its links work and its fields take input meanwhile; no script's evaluation blocks
  //   the main thread while the page first shows. Without an island (`visitor`), the app.
  // The entry is never a module script of the head: it ran as soon as the document was parsed, and
  // ~140 kB requested at high priority shared a slow link with the first paint. The chunks the
  // entry imports are preloaded with it, in parallel, as before.
  const preloads = [...shell.matchAll(MODULEPRELOAD)].map((m) => m[1]);
  const uses = ["pointerdown", "keydown", "focusin", "touchstart"];
  // A press of one of the static copy's own buttons (a use-case tab, Show password) has no handler
  // until the app takes over: kept here, and pressed again on the app's button then (takeover.ts).
  // So is its form sent (Sign in, Sign up): held back, its button disabled and showing its busy
  // label meanwhile, as the app's will (the browser has checked the fields first, as it will on the
  // app's form), and sent again by the app.
  // A press still held when the app takes over (down on the static button, up on the app's) makes
  // no click on either: kept apart while held, and pressed again too unless it ended on the page.
  const pressed = `function(b){return b.type==="submit"?{submit:true}:{role:b.getAttribute("role")||"",label:b.getAttribute("aria-label")||b.textContent.trim()}}`;
  const keepPress =
    `addEventListener("pointerdown",function(e){var b=e.target&&e.target.closest&&e.target.closest(${JSON.stringify(`#${prerenderedId} button`)});` +
    `if(b&&!b.disabled)window[${JSON.stringify(heldGlobal)}]=(${pressed})(b)},true);` +
    `addEventListener("pointerup",function(){if(d.getElementById(${JSON.stringify(prerenderedId)}))delete window[${JSON.stringify(heldGlobal)}]},true);` +
    `addEventListener("pointercancel",function(){delete window[${JSON.stringify(heldGlobal)}]},true);` +
    `addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest(${JSON.stringify(`#${prerenderedId} button[type=button]`)});` +
    `if(b)window[${JSON.stringify(pressGlobal)}]={role:b.getAttribute("role")||"",label:b.getAttribute("aria-label")||b.textContent.trim()}},true);` +
    `addEventListener("submit",function(e){var f=e.target;if(!f.closest||!f.closest(${JSON.stringify(`#${prerenderedId}`)}))return;e.preventDefault();` +
    `window[${JSON.stringify(pressGlobal)}]={submit:true};var b=f.querySelector("button[type=submit]");if(b){b.disabled=true;if(b.dataset.busyLabel)b.textContent=b.dataset.busyLabel}},true);`;
  // Each starts once: its chunks preloaded beside its entry, in parallel.
  const starter = (name, script, chunks) =>
    `${name}=function(){${name}=function(){};` +
    `${JSON.stringify(chunks)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;d.head.appendChild(l)});` +
    `import(${JSON.stringify(script)})},`;
  const start =
    `;(function(){var d=document,${starter("s", entry, preloads)}app=function(){s()},` +
    (visitor ? `${starter("v", visitor.entry, visitor.preloads)}go=function(){v()};` : `go=app;`) +
    keepPress +
    `if(d.documentElement.classList.contains(${JSON.stringify(hintClass)})){requestAnimationFrame(function(){setTimeout(app)});setTimeout(app,2000)}` +
    `else{${JSON.stringify(uses)}.forEach(function(t){addEventListener(t,go,{capture:true,once:true,passive:true})});` +
    `addEventListener("load",function(){setTimeout(go,${VISITOR_IDLE_START_MS})})}})()`;
  // A signed-in browser sees the app's loading screen (the shell's, in #root) instead of the page;
  // a visitor sees the page and not the loading screen. No JavaScript: the page.
  // A static copy's submit button pressed before the takeover is disabled (above) and looks as the
  // app's busy one will, so nothing changes when it takes over.
  // The page shows once its markup has all arrived (#root, parsed after it, is there): a browser
  // paints a document still arriving, and the card, centred in the screen's height, moved as the
  // rest of it came (a layout shift on a slow link or a busy CPU). Browsers without :has() drop
  // the rule and paint as before.
  const hintCss =
    `#${prerenderedId}:not(:has(~ #root)){display:none}` +
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
export async function prerenderPages(dist, visitor) {
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
        pressGlobal: renderer.STATIC_PRESS_GLOBAL,
        heldGlobal: renderer.STATIC_HELD_GLOBAL,
        visitor,
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
