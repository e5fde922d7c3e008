/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { OUTBOX_REPLAYED_MESSAGE, OUTBOX_SYNC_TAG, type OutboxReplayedMessage } from "./features/outbox/background-sync";
import { outboxDb } from "./features/outbox/outbox-db";
import { replayOutbox, type ReplayReport } from "./features/outbox/replay";
import { readMirroredSession } from "./features/outbox/session-mirror";
import { fetchTransport } from "./features/outbox/upload-recording";
import { openReminder, reminderFromPush, showReminder } from "./features/reminders/notification";
import { SHARE_TARGET_PATH, receiveShared } from "./features/share-target/receive-shared";
import { PRERENDERED_PATHS, prerenderedFile } from "./lib/prerendered-pages";

declare const self: ServiceWorkerGlobalScope;

// Background Sync is not in TypeScript's worker library (it is Chromium-only).
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// The app shell (every built asset and app-shell.html) is precached so the app opens offline. "/"
// opens the shell, as the precache's directory index (the installed app's start URL).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "app-shell.html" });
cleanupOutdatedCaches();

// The visitor pages (landing, sign-in, sign-up) open from their prerendered HTML, painted before
// any JavaScript runs, offline too; registered first, so they win over the shell below.
for (const path of PRERENDERED_PATHS) {
  registerRoute(new NavigationRoute(createHandlerBoundToURL(prerenderedFile(path)), { allowlist: [new RegExp(`^${path}$`)] }));
}

// Other deep links (/work, /search, ...) are client routes: answer them with the installed app's
// shell (index.html with the signed-in start's chunks preloaded, web/scripts/app-shell.ts).
// The API and the auth endpoints are never navigations to the shell; nor are the OAuth endpoints an
// assistant sends the browser to (/oauth/authorize must reach the server, which answers with a
// redirect), the discovery documents and /mcp.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("app-shell.html"), {
    denylist: [/^\/api\//, /^\/auth\/v1\//, /^\/oauth\//, /^\/\.well-known\//, /^\/mcp(\/|$)/],
  }),
);

// A new release waits until the page says so (workbox-window's messageSkipWaiting after the
// person chose Reload): taking over at once could swap the shell under a recording or an upload.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/**
 * Sends what waits in the outbox with the token the page mirrored. Without a valid token it sends
 * nothing and leaves the recordings to the page, which refreshes the session and replays. The
 * outbox is the only record of what is delivered: nothing leaves it without a 2xx.
 */
async function replayFromWorker(): Promise<ReplayReport> {
  const db = outboxDb();
  const report = await replayOutbox({
    db,
    baseUrl: self.location.origin,
    getSession: () => readMirroredSession(db),
    transport: fetchTransport(),
  });
  const message: OutboxReplayedMessage = { type: OUTBOX_REPLAYED_MESSAGE, report };
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage(message);
  return report;
}

// Files shared to the installed app (Web Share Target, Android): kept in the outbox before anything
// else can go wrong, then the app opens on them to confirm their collection.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "POST" || url.origin !== self.location.origin || url.pathname !== SHARE_TARGET_PATH) return;
  event.respondWith(
    (async () => {
      try {
        const form = await event.request.formData();
        const { kept, refused } = await receiveShared(outboxDb(), form, Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
        const query = new URLSearchParams({ shared: String(kept), ...(refused.length ? { refused: refused.join(", ").slice(0, 300) } : {}) });
        return Response.redirect(`/?${query}`, 303);
      } catch {
        return Response.redirect("/?shared=0&refused=the+shared+file", 303);
      }
    })(),
  );
});

self.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    replayFromWorker().then((report) => {
      // A rejected sync is retried by the browser later with backoff; only worth it for
      // failures that may pass (no connection, server errors), not for a missing session.
      if (report.offline || report.failed.length > 0 || report.changes.stopped === "server") throw new Error("outbox replay incomplete; the browser will retry");
    }),
  );
});

// Reminders to journal (Web Push, DESIGN §14): the message becomes a notification; a click opens
// today's view with the recorder ready.
self.addEventListener("push", (event) => {
  event.waitUntil(showReminder(self.registration, reminderFromPush(event.data?.text() ?? null)));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openReminder(self.clients, self.location.origin, event.notification.data));
});
