import type { Context, MiddlewareHandler } from "hono";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { setResponseHeader } from "./http/response-headers.js";

/**
 * Response compression (DESIGN §9): content negotiation shared by the precompressed web assets
 * (precompressed-assets.ts) and the JSON API middleware below.
 */
export type Encoding = "br" | "gzip";

/**
 * The encoding to answer with among `available` (in the server's order of preference), from an
 * Accept-Encoding header: the highest q-value wins, ties go to the server's order, `q=0` refuses,
 * `*` stands for any encoding not named. Null means identity.
 */
export function negotiateEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.trim().split("=");
      if (k === "q") weight = Number(v);
    }
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of available) {
    const weight = q.get(encoding) ?? q.get("*") ?? 0;
    if (weight > bestQ) [best, bestQ] = [encoding, weight];
  }
  return best;
}

/** Adds Accept-Encoding to Vary (once): the body differs by that header, so caches must key on it. */
export function varyOnAcceptEncoding(c: Context): void {
  const current = c.res.headers.get("Vary") ?? "";
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current)) return;
  setResponseHeader(c, "Vary", current ? `${current}, Accept-Encoding` : "Accept-Encoding");
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Per-request compression trades CPU for bytes: brotli 4 and gzip 6 are the usual fast settings,
// both far cheaper than their maximum (which the build uses for static files).
const compressors: Record<Encoding, (body: Uint8Array) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
  gzip: (body) => gzip(body, { level: 6 }),
};

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Compresses JSON answers of at least `threshold` bytes for clients that accept br or gzip.
 * Only JSON: audio and other streamed bodies pass untouched (they are never read here). A JSON
 * answer is already a string in memory, so measuring it costs nothing; below the threshold the
 * header and framing bytes would eat the gain. (Hono's own compress middleware cannot apply a
 * threshold to c.json answers, which carry no Content-Length, and offers no brotli.)
 */
export function compressJson(options: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  return async (c, next) => {
    await next();
    // Headers and status only until the answer is known to be compressed: reading `res.body`
    // (or setting a header through Hono) turns @hono/node-server's lightweight answer (a string
    // written straight to the socket) into a web Response streamed to it, which costs more than
    // the JSON it carries.
    const res = c.res;
    if (c.req.method === "HEAD" || res.status === 204 || res.status === 206) return;
    if (res.headers.has("Content-Encoding") || !JSON_TYPE.test(res.headers.get("Content-Type") ?? "")) return;
    if (NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "")) return;
    const length = Number(res.headers.get("Content-Length") ?? Number.NaN);
    if (length < threshold) return;
    const encoding = negotiateEncoding(c.req.header("Accept-Encoding"), ["br", "gzip"]);
    if (!encoding || !res.body) {
      varyOnAcceptEncoding(c);
      return;
    }
    const body = new Uint8Array(await res.arrayBuffer());
    // A fresh answer with every header of the handler's, itself lightweight again; dropping the
    // old one first keeps Hono from rebuilding it to merge headers the new one already has.
    const headers = new Headers(res.headers);
    const compress = body.byteLength >= threshold;
    const out = compress ? await compressors[encoding](body) : body;
    if (compress) {
      headers.set("Content-Encoding", encoding);
      headers.set("Content-Length", String(out.byteLength));
    }
    c.res = undefined;
    c.res = new Response(out, { status: res.status, statusText: res.statusText, headers });
    varyOnAcceptEncoding(c);
  };
}
