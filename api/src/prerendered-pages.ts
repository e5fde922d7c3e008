import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The visitor pages the web build prerenders to static HTML (web/scripts/prerender-pages.mjs):
 * `prerendered/<path>/index.html` of the build answers `<path>` ("prerendered/index.html" is "/",
 * "prerendered/auth/login/index.html" is "/auth/login"). Read once at start, like index.html.
 */
export interface PrerenderedPage {
  path: string;
  file: string;
}

const DIR = "prerendered";

export function scanPrerenderedPages(distDir: string): PrerenderedPage[] {
  const root = path.join(distDir, DIR);
  if (!fs.existsSync(root)) return [];
  const pages: PrerenderedPage[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== "index.html") continue;
    const file = path.join(entry.parentPath, entry.name);
    const dir = path.relative(root, entry.parentPath).split(path.sep).filter(Boolean).join("/");
    pages.push({ path: `/${dir}`, file });
  }
  // By code unit, not localeCompare: the first collation loads ICU's collator, ~16 ms of every start,
  // for paths that only need a stable order.
  return pages.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * CSP sources ('sha256-…') of the inline scripts of the prerendered pages: the session hint each
 * runs before it paints (web/src/prerender/session-hint.ts). Only these exact scripts may run
 * inline; every other script is a file of this origin.
 */
export function inlineScriptHashes(pages: readonly PrerenderedPage[]): string[] {
  const hashes = new Set<string>();
  for (const page of pages) {
    const html = fs.readFileSync(page.file, "utf8");
    for (const [, body] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
    }
  }
  return [...hashes];
}
