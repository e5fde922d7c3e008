import type { MiddlewareHandler } from "hono";
import { setResponseHeader } from "./response-headers.js";

/** Private API and auth replies: user data and tokens never sit in a cache (RFC 6749 §5.1 for the token endpoint). */
const PRIVATE = /^\/(api|auth\/v1)(\/|$)/;
/** Vite's content-hashed build output: a new release has new names, so these never change. */
const HASHED_ASSET = /^\/assets\//;

/**
 * Cache-Control by kind of response (DESIGN §9), in one place: private replies `no-store`;
 * hashed assets immutable for a year; everything else of the web app (index.html and deep
 * links, the manifest, the service worker, icons) `no-cache`, so a new release reaches users
 * on their next load.
 */
export function cachePolicy(): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    const isPrivate = PRIVATE.test(path);
    // Set before the handler too: answers built with c.json/c.body then carry it, and their
    // headers are a Headers object that later in-place changes (setResponseHeader) live on in.
    c.header("Cache-Control", isPrivate ? "no-store" : "no-cache");
    await next();
    if (isPrivate) setResponseHeader(c, "Cache-Control", "no-store");
    else if (HASHED_ASSET.test(path) && c.res.status === 200) setResponseHeader(c, "Cache-Control", "public, max-age=31536000, immutable");
    else setResponseHeader(c, "Cache-Control", "no-cache");
  };
}
