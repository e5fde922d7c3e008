import { liveQuery } from "dexie";

/** How long a read nobody watches stays live: a screen that replaces another picks it up as it is. */
export const LINGER_MS = 1000;

type Entry = {
  value: unknown;
  read: boolean;
  listeners: Set<() => void>;
  stop: () => void;
  linger?: ReturnType<typeof setTimeout>;
};

/**
 * Live outbox reads shared by every part of a page that shows them: one Dexie live query per key
 * (a query and a person), however many components watch it, re-run once when any context (another
 * tab, the service worker) changes what it read. Every watcher sees the same answer at the same
 * moment. No React, no DOM: the hooks wrap it.
 */
export class SharedLiveReads {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly onError: (err: unknown) => void,
    private readonly lingerMs = LINGER_MS,
  ) {}

  /** Starts watching `key` (reading it with `query` if nobody was); returns the stop. */
  watch(key: string, query: () => Promise<unknown>, listener: () => void): () => void {
    let entry = this.entries.get(key);
    if (!entry) {
      const fresh: Entry = { value: undefined, read: false, listeners: new Set(), stop: () => undefined };
      const subscription = liveQuery(query).subscribe({
        next: (value) => {
          fresh.value = value;
          fresh.read = true;
          for (const notify of [...fresh.listeners]) notify();
        },
        error: this.onError,
      });
      fresh.stop = () => subscription.unsubscribe();
      this.entries.set(key, fresh);
      entry = fresh;
    }
    clearTimeout(entry.linger);
    entry.linger = undefined;
    entry.listeners.add(listener);
    const watched = entry;
    return () => {
      watched.listeners.delete(listener);
      if (watched.listeners.size > 0) return;
      watched.linger = setTimeout(() => {
        if (watched.listeners.size > 0 || this.entries.get(key) !== watched) return;
        watched.stop();
        this.entries.delete(key);
      }, this.lingerMs);
    };
  }

  /** The last answer for `key`, or `fallback` until it has been read once. */
  current<T>(key: string, fallback: T): T {
    const entry = this.entries.get(key);
    return entry?.read ? (entry.value as T) : fallback;
  }

  /** Keys read live now (watched, or lingering). */
  liveKeys(): string[] {
    return [...this.entries.keys()];
  }
}
