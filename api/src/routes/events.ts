import { Hono } from "hono";
import type { IncomingMessage } from "node:http";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../app-env.js";
import { bearerExpiresAt } from "../auth/bearer.js";
import type { ChangeFeed, FeedEvent } from "../changes/change-feed.js";
import { ApiError } from "../errors.js";

/** A comment line this often keeps proxies and the browser from closing a quiet stream. */
export const EVENTS_HEARTBEAT_MS = 25_000;
/** A stream ends after this long at most (the page opens the next with a fresh token). */
export const EVENTS_MAX_LIFETIME_MS = 30 * 60_000;

/**
 * GET /api/events: Server-Sent Events of the signed-in user's note and summary changes (issue
 * 21). `ready` first (the page reads its lists again: whatever changed while it had no stream),
 * then `note` / `summary` with `{ id }` when a transcript or summary became ready or failed, and
 * `resync` when this server may have missed some. The stream ends when the access token expires
 * (or after 30 minutes); the page reconnects with a fresh one. One per tab; more than
 * MAX_STREAMS_PER_USER at once answers 429.
 */
export function eventRoutes(feed: ChangeFeed, options: { heartbeatMs?: number; maxLifetimeMs?: number } = {}) {
  return new Hono<AppEnv>().get("/", (c) => {
    const user = c.get("user");
    const pending: Exclude<FeedEvent, { kind: "end" }>[] = [];
    let wake: (() => void) | undefined;
    let end: (() => void) | undefined;
    // The client left (or the feed ended the stream) before the stream began.
    let over = false;
    const subscription = feed.subscribe(user.id, (event) => {
      if (event.kind === "end") {
        over = true;
        return end?.();
      }
      pending.push(event);
      wake?.();
    });
    if (!subscription) throw new ApiError("rate_limited", "Too many open event streams for this account. Close a tab and try again.");
    let subscribed = true;
    const unsubscribe = () => {
      if (subscribed) subscription();
      subscribed = false;
    };
    // The stream's place is given back when the client's connection closes, however and whenever
    // it goes (before the headers went out, after, mid-stream): not only when the stream's loop
    // notices, which a write stuck on a dead socket, or an abort that came before the stream
    // began, would delay until the token expired.
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
    const gone = () => {
      over = true;
      unsubscribe();
      end?.();
    };
    if (socket) {
      if (socket.destroyed) gone();
      else socket.once("close", gone);
    }
    const expiresAt = bearerExpiresAt(c.req.header("authorization"));
    const lifetime = Math.min(options.maxLifetimeMs ?? EVENTS_MAX_LIFETIME_MS, expiresAt ? expiresAt - Date.now() : Infinity);
    c.header("Cache-Control", "no-store");
    // The socket goes with the stream: an ended stream (token expired, shutdown) leaves no idle
    // keep-alive connection for the server's close to wait on.
    c.header("Connection", "close");
    // nginx and similar proxies would otherwise hold the events back in their buffers.
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let open = !over;
      end = () => {
        open = false;
        wake?.();
        // A write waiting on a client that reads no more is released: the loop ends now.
        if (over && !stream.closed) stream.abort();
      };
      stream.onAbort(gone);
      const expiry = setTimeout(end, Math.max(0, lifetime));
      const heartbeat = setInterval(() => {
        stream.write(": ping\n\n").catch(() => undefined);
      }, options.heartbeatMs ?? EVENTS_HEARTBEAT_MS);
      try {
        if (open) await stream.writeSSE({ event: "ready", data: "{}" });
        while (open) {
          const event = pending.shift();
          if (!event) {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            wake = undefined;
            continue;
          }
          await stream.writeSSE(event.kind === "resync" ? { event: "resync", data: "{}" } : { event: event.kind, data: JSON.stringify({ id: event.id }) });
        }
      } finally {
        clearInterval(heartbeat);
        clearTimeout(expiry);
        socket?.off("close", gone);
        unsubscribe();
      }
    });
  });
}
