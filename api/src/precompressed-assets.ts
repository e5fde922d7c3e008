import type { Context, MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { negotiateEncoding, varyOnAcceptEncoding, type Encoding } from "./compression.js";

/**
 * Serves the brotli and gzip copies that the web build writes beside each text file
 * (web/scripts/compress-dist.mjs) with the right Content-Encoding and `Vary: Accept-Encoding`;
 * a client accepting neither, and any Range request, falls through to the plain file.
 */
const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };
const PREFERENCE: readonly Encoding[] = ["br", "gzip"];

interface Variant {
  file: string;
  size: number;
}
interface Asset {
  file: string;
  type: string;
  variants: Partial<Record<Encoding, Variant>>;
  encodings: Encoding[];
}

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else yield p;
  }
}

/**
 * Every file of `distDir` that has a compressed copy, keyed by its URL path ("/assets/x.js").
 * Read once at start, like the index.html the SPA fallback holds: a release rebuilds and restarts.
 * Requests only ever look paths up in this map, so no request path reaches the file system here.
 */
export function scanPrecompressed(distDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const file of walk(distDir)) {
    if (file.endsWith(SUFFIX.br) || file.endsWith(SUFFIX.gzip)) continue;
    const variants: Asset["variants"] = {};
    for (const encoding of PREFERENCE) {
      const stat = fs.statSync(file + SUFFIX[encoding], { throwIfNoEntry: false });
      if (stat?.isFile()) variants[encoding] = { file: file + SUFFIX[encoding], size: stat.size };
    }
    const encodings = PREFERENCE.filter((e) => variants[e]);
    if (!encodings.length) continue;
    const url = "/" + path.relative(distDir, file).split(path.sep).join("/");
    assets.set(url, { file, type: getMimeType(file) ?? "application/octet-stream", variants, encodings });
  }
  return assets;
}

function requestedAsset(c: Context, assets: Map<string, Asset>): Asset | undefined {
  let p: string;
  try {
    p = decodeURI(c.req.path);
  } catch {
    return undefined;
  }
  return assets.get(p.endsWith("/") ? `${p}index.html` : p);
}

/**
 * Middleware in front of the plain static handler. `onFound` gets the plain file's path (not the
 * .br/.gz one), so caching rules written for file names apply to both.
 */
export function precompressedAssets(
  distDir: string,
  options: { onFound?: (filePath: string, c: Context) => void | Promise<void> } = {},
): MiddlewareHandler {
  const assets = scanPrecompressed(distDir);
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const asset = requestedAsset(c, assets);
    if (!asset) return next();
    varyOnAcceptEncoding(c);
    const encoding = c.req.header("Range") ? null : negotiateEncoding(c.req.header("Accept-Encoding"), asset.encodings);
    if (!encoding) return next();
    const variant = asset.variants[encoding]!;
    // Sized now, not at start: a file replaced in place (a new sw.js) must not be sent with the old length.
    const stat = await fs.promises.stat(variant.file).catch(() => null);
    if (!stat) return next();
    c.header("Content-Type", asset.type);
    c.header("Content-Encoding", encoding);
    c.header("Content-Length", String(stat.size));
    await options.onFound?.(asset.file, c);
    if (c.req.method === "HEAD") return c.body(null, 200);
    return c.body(Readable.toWeb(fs.createReadStream(variant.file)) as ReadableStream, 200);
  };
}

/**
 * The SPA fallback's document (index.html for every deep link) held in memory with its
 * compressed copies, answered in the best encoding the client accepts.
 */
export function precompressedDocument(indexFile: string): (c: Context) => Response {
  const identity = fs.readFileSync(indexFile, "utf8");
  const bodies: Partial<Record<Encoding, Buffer>> = {};
  for (const encoding of PREFERENCE) {
    const file = indexFile + SUFFIX[encoding];
    if (fs.existsSync(file)) bodies[encoding] = fs.readFileSync(file);
  }
  const encodings = PREFERENCE.filter((e) => bodies[e]);
  return (c) => {
    if (!encodings.length) return c.html(identity);
    varyOnAcceptEncoding(c);
    const encoding = negotiateEncoding(c.req.header("Accept-Encoding"), encodings);
    if (!encoding) return c.html(identity);
    c.header("Content-Type", "text/html; charset=UTF-8");
    c.header("Content-Encoding", encoding);
    return c.body(new Uint8Array(bodies[encoding]!));
  };
}
