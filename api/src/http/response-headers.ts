import type { Context } from "hono";

/**
 * Sets a header on the answer in place. Once a handler has answered, Hono's `c.header()` builds
 * the Response again from its body; on @hono/node-server that turns the lightweight answer (a
 * string or bytes written straight to the socket) into a full web Response whose body is then
 * read through a ReadableStream, a large share of a JSON answer's cost. The headers
 * of a Response built here are mutable; a Response with immutable headers (one from fetch())
 * still goes through `c.header()`.
 *
 * Caveat of the lightweight Response: when it was made with a plain object of headers, a change
 * made here is lost if its body is read afterwards (it is then rebuilt from that object). So
 * nothing after these calls reads an answer's body, and cachePolicy prepares the headers before
 * the handler, which makes c.json/c.body answers carry a Headers object that keeps changes.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  if (!c.finalized) {
    c.header(name, value);
    return;
  }
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/** Appends to a header of the answer in place (as setResponseHeader sets one). */
export function appendResponseHeader(c: Context, name: string, value: string): void {
  if (!c.finalized) {
    c.header(name, value, { append: true });
    return;
  }
  try {
    c.res.headers.append(name, value);
  } catch {
    c.header(name, value, { append: true });
  }
}
