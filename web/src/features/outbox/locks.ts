/**
 * Exclusive named locks shared by every context of the origin. The Web Locks API
 * (navigator.locks) is one lock table for all tabs and the service worker, so a tab and the worker
 * never send the same recording at once. Where it is missing, an in-memory table still keeps the
 * replays of one context apart; the server's clientId idempotency covers the rest.
 */
export type Locks = {
  /**
   * Runs `fn` holding the lock. With ifAvailable, when another holder has it, `fn` is not run and
   * `{ acquired: false }` comes back at once; otherwise the call waits its turn.
   */
  run<T>(name: string, fn: () => Promise<T>, options?: { ifAvailable?: boolean }): Promise<{ acquired: true; value: T } | { acquired: false }>;
  /** Whether someone holds the lock right now (for the UI; a snapshot). */
  isHeld(name: string): Promise<boolean>;
};

export function webLocks(manager: LockManager): Locks {
  return {
    async run(name, fn, options) {
      let ran = false;
      const value = await manager.request(name, { mode: "exclusive", ifAvailable: options?.ifAvailable ?? false }, async (lock) => {
        if (!lock) return undefined;
        ran = true;
        return fn();
      });
      return ran ? { acquired: true, value: value as Awaited<ReturnType<typeof fn>> } : { acquired: false };
    },
    async isHeld(name) {
      const snapshot = await manager.query();
      return (snapshot.held ?? []).some((lock) => lock.name === name);
    },
  };
}

export function memoryLocks(): Locks {
  const tails = new Map<string, Promise<void>>();
  const held = new Set<string>();
  return {
    async run(name, fn, options) {
      if (options?.ifAvailable && tails.has(name)) return { acquired: false };
      const previous = tails.get(name) ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((resolve) => (release = resolve));
      const tail = previous.then(() => mine);
      tails.set(name, tail);
      await previous;
      held.add(name);
      try {
        return { acquired: true, value: await fn() };
      } finally {
        held.delete(name);
        release();
        if (tails.get(name) === tail) tails.delete(name);
      }
    },
    async isHeld(name) {
      return held.has(name);
    },
  };
}

let fallback: Locks | undefined;

/** This context's locks: the Web Locks API where present, else one in-memory table per context. */
export function contextLocks(): Locks {
  const manager = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (manager) return webLocks(manager);
  fallback ??= memoryLocks();
  return fallback;
}

export const lockNames = {
  /** One replay at a time across the origin; a second one waits, then finds what is left. */
  replay: "voice-notes-outbox:replay",
  /** Held while one recording is being sent; a second sender skips it. */
  item: (id: string) => `voice-notes-outbox:item:${id}`,
  /** Held by the tab recording it for the whole recording, so another tab never "recovers" it. */
  recording: (id: string) => `voice-notes-outbox:recording:${id}`,
};
