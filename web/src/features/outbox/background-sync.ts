import type { ReplayReport } from "./replay";

/** The Background Sync tag the page registers and the service worker's `sync` handler answers. */
export const OUTBOX_SYNC_TAG = "outbox";

/** The worker tells open pages what a replay delivered, so they refresh the day's notes. */
export const OUTBOX_REPLAYED_MESSAGE = "outbox-replayed";
export type OutboxReplayedMessage = { type: typeof OUTBOX_REPLAYED_MESSAGE; report: ReplayReport };

export function isOutboxReplayedMessage(data: unknown): data is OutboxReplayedMessage {
  return typeof data === "object" && data !== null && (data as { type?: unknown }).type === OUTBOX_REPLAYED_MESSAGE;
}

type SyncCapable = { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the browser to fire `sync` (tag outbox) as soon as there is a connection, even if the page
 * is closed by then. Returns false where Background Sync is missing (Safari, Firefox): the page's
 * own replay on `online`, on becoming visible and at start covers those.
 */
export async function requestBackgroundSync(registration: ServiceWorkerRegistration | undefined): Promise<boolean> {
  const sync = (registration as (ServiceWorkerRegistration & SyncCapable) | undefined)?.sync;
  if (!sync) return false;
  try {
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // Permission denied or the worker not active yet: the page's replay still runs.
    return false;
  }
}
