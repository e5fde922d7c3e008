import type { MiddlewareHandler } from "hono";

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
    await next();
    const path = c.req.path;
    if (PRIVATE.test(path)) c.header("Cache-Control", "no-store");
    else if (HASHED_ASSET.test(path) && c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
    else c.header("Cache-Control", "no-cache");
  };
}
