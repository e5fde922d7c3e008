/**
 * What the page hears of the signed-in user's journal changing: a note's transcript
 * or a summary became ready (or failed). The events stream (routes/events.ts) subscribes per
 * user; the job runners publish. In one process the feed is this in-memory fan-out; on
 * PostgreSQL the publishers NOTIFY and every API process's listener feeds its own (pg-change-feed.ts).
 */
export type ChangeKind = "note" | "summary";
export interface Change {
  kind: ChangeKind;
  id: string;
}
/**
 * A change; "read everything again" (notifications may have been missed: a listener
 * reconnected); or "end" (the server is stopping: streams close so it can).
 */
export type FeedEvent = Change | { kind: "resync" } | { kind: "end" };
export type FeedListener = (event: FeedEvent) => void;

export interface ChangeFeed {
  publish(userId: string, change: Change): void;
  /** Null when the user already holds `maxPerUser` subscriptions (a tab opens one). */
  subscribe(userId: string, listener: FeedListener): (() => void) | null;
  /** Tells every subscriber in this process to read again. */
  resyncAll(): void;
  /** Ends every subscriber's stream (shutdown: open streams would hold the server's close). */
  endAll(): void;
  /** Ends one user's streams (the account was deleted or disabled), in every process that serves them. */
  endUser(userId: string): void;
}

/** A stream per tab; more than this for one user is a leak or abuse, not tabs. */
export const MAX_STREAMS_PER_USER = 16;

export function localChangeFeed(maxPerUser = MAX_STREAMS_PER_USER): ChangeFeed {
  const byUser = new Map<string, Set<FeedListener>>();
  const deliver = (listeners: Iterable<FeedListener>, event: FeedEvent) => {
    // A listener that throws (a closed stream) must not keep the others from hearing.
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch {
        /* the stream's own close handler unsubscribes it */
      }
    }
  };
  return {
    publish(userId, change) {
      const listeners = byUser.get(userId);
      if (listeners) deliver(listeners, change);
    },
    subscribe(userId, listener) {
      let listeners = byUser.get(userId);
      if (!listeners) byUser.set(userId, (listeners = new Set()));
      if (listeners.size >= maxPerUser) return null;
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && byUser.get(userId) === listeners) byUser.delete(userId);
      };
    },
    resyncAll() {
      for (const listeners of byUser.values()) deliver(listeners, { kind: "resync" });
    },
    endAll() {
      for (const listeners of byUser.values()) deliver(listeners, { kind: "end" });
    },
    endUser(userId) {
      const listeners = byUser.get(userId);
      if (listeners) deliver(listeners, { kind: "end" });
    },
  };
}
