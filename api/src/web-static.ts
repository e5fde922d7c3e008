import fs from "node:fs";
import path from "node:path";
import type { Context, Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { precompressedAssets, precompressedDocument } from "./precompressed-assets.js";

/**
 * Serves the built web app on the API's origin, with SPA fallback so deep
 * links (/auth/login, /work) load index.html. Absent dist = API only.
 */
export function mountWebApp(app: Hono<any>, distDir: string): boolean {
  const index = path.join(distDir, "index.html");
  if (!fs.existsSync(index)) return false;
  const root = path.relative(process.cwd(), distDir) || ".";
  const onFound = (filePath: string, c: Context) => {
    // The service worker and the HTML must revalidate so new releases reach users.
    if (filePath.endsWith(".html") || filePath.endsWith("sw.js")) c.header("Cache-Control", "no-cache");
    else if (filePath.includes("/assets/")) c.header("Cache-Control", "public, max-age=31536000, immutable");
  };
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
