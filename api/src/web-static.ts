import fs from "node:fs";
import path from "node:path";
import type { Context, Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { precompressedAssets, precompressedDocument } from "./precompressed-assets.js";
import type { PrerenderedPage } from "./prerendered-pages.js";

/**
 * Serves the built web app on the API's origin: the prerendered visitor pages (/, /auth/login,
 * /auth/signup) at their paths, and the SPA fallback so other deep links (/work) load
 * index.html. Absent dist = API only. `prerendered`: the build's pages (scanPrerenderedPages), read
 * once by the caller, which also hashes their inline scripts for the CSP.
 */
export function mountWebApp(app: Hono<any>, distDir: string, prerendered: readonly PrerenderedPage[]): boolean {
  const index = path.join(distDir, "index.html");
  if (!fs.existsSync(index)) return false;
  const root = path.relative(process.cwd(), distDir) || ".";
  const onFound = (filePath: string, c: Context) => {
    // The service worker and the HTML must revalidate so new releases reach users.
    if (filePath.endsWith(".html") || filePath.endsWith("sw.js")) c.header("Cache-Control", "no-cache");
    else if (filePath.includes("/assets/")) c.header("Cache-Control", "public, max-age=31536000, immutable");
  };
  // The visitor pages as the build prerendered them: painted before any JavaScript, and like
  // index.html revalidated on every load (no-cache) so a release reaches visitors at once.
  for (const page of prerendered) {
    const document = precompressedDocument(page.file);
    app.get(page.path, (c) => {
      c.header("Cache-Control", "no-cache");
      return document(c);
    });
    // The sign-in and sign-up forms post (method="post") only when sent before the app took the
    // page over: the password stays out of the URL, and the person gets the page back.
    app.post(page.path, (c) => c.redirect(page.path, 303));
  }
  // Brotli/gzip copies from the build first; the plain file when the client takes neither.
  app.use("*", precompressedAssets(distDir, { onFound }));
  app.use("*", serveStatic({ root, onFound }));
  const document = precompressedDocument(index);
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return document(c);
  });
  return true;
}
