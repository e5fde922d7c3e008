import type { Relay } from "../drivers/relay";
import type { EngineSession } from "../drivers/session";
import { subjectOf } from "./api";
import { OUTBOX_ROWS_EXPRESSION } from "./outbox-rows";

const RELAYED_KEPT = 25;

/**
 * What a Firefox or WebKit journey's browser showed when it failed: its address and text, its
 * outbox's rows (whose each is, and how its last attempt went) and the last API calls it sent,
 * with whose session and how long ago. A recording that never arrived then says whether it was
 * still waiting, refused, or never sent; a page that is not where a journey sent it says how it
 * came to be loaded (navigated, reloaded) and when.
 */
export async function describeEngine(browser: EngineSession & { relay: Relay }): Promise<string> {
  const url = await browser.currentUrl().catch((error: unknown) => `(no address: ${String(error)})`);
  const text = await browser
    .execute<string>("return document.body ? document.body.innerText : '';")
    .then((t) => t.replace(/\s+\n/g, "\n").slice(0, 1500))
    .catch((error: unknown) => `(no text: ${String(error)})`);
  const loaded = await browser
    .execute<string>(
      `const entry = performance.getEntriesByType("navigation")[0];
       return (entry ? entry.type : "?") + " " + Math.round((Date.now() - performance.timeOrigin) / 1000) + " s ago";`,
    )
    .catch((error: unknown) => `(not read: ${String(error)})`);
  const outbox = await browser
    .executeAsync<string>(`const done = arguments[arguments.length - 1]; ${OUTBOX_ROWS_EXPRESSION}.then(done, (e) => done(String(e)));`)
    .catch((error: unknown) => `(not read: ${String(error)})`);
  const who = (authorization: string | undefined) => {
    try {
      return authorization ? subjectOf(authorization) : "nobody";
    } catch {
      return "(not a session token)";
    }
  };
  const calls = browser.relay.seen.filter((r) => r.path.startsWith("/api/"));
  const now = Date.now();
  const relayed = calls.slice(-RELAYED_KEPT).map((r) => `  ${r.method} ${r.path} as ${who(r.authorization)}, ${((now - r.at) / 1000).toFixed(1)} s ago`);
  return [`--- ${browser.engine} ${url} (page ${loaded})`, text, "outbox:", outbox, `last calls to the API (of ${calls.length}):`, ...relayed].join("\n");
}
