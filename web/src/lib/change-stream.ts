import { ApiError } from "./api-client";
import { readEvents } from "./sse";

/**
 * The page's one stream of the signed-in user's changes (GET /api/events): a note's
 * transcript or a summary became ready (or failed). No React, no DOM beyond what is handed in.
 * While it is open the lists need not poll every few seconds; where it is unavailable (an old
 * proxy, a server without it, offline) they poll as the spec says, and `isLive()` says which.
 */
export type ChangeEvent = { kind: "note" | "summary"; id: string } | { kind: "ready"; reconnected: boolean } | { kind: "resync" };

export type ChangeStreamOptions = {
  /** Opens the stream (apiOpen with the current token); rejects with ApiError on a non-2xx. */
  open(signal: AbortSignal): Promise<Response>;
  onEvent(event: ChangeEvent): void;
  isOnline(): boolean;
  /** Waits before the next attempt: 1 s, 2 s, 5 s, 15 s, then every 30 s until one opens. */
  delaysMs?: readonly number[];
};

/** While the stream is open, lists that wait on the server still ask this often, in case an event was lost. */
export const LIVE_SAFETY_POLL_MS = 30_000;

export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 15_000, 30_000] as const;

let live = false;
const liveListeners = new Set<() => void>();
const changeWaiters = new Set<(event: ChangeEvent) => void>();

/** Whether a stream is open now (the lists poll slowly instead of every few seconds). */
export const isChangeStreamLive = () => live;

function setLive(value: boolean) {
  if (live === value) return;
  live = value;
  for (const l of liveListeners) l();
}

/** Resolves when a change of `kind` arrives (or the stream asks for a re-read), or after `ms`. */
export function nextChange(kind: "note" | "summary", ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      changeWaiters.delete(waiter);
      resolve();
    };
    const waiter = (e: ChangeEvent) => {
      if (e.kind === kind || e.kind === "resync" || (e.kind === "ready" && e.reconnected)) done();
    };
    const timer = setTimeout(done, ms);
    changeWaiters.add(waiter);
  });
}

/**
 * Keeps the stream open until `stop()`: reconnects after a drop or the server's end (its token
 * expired) with the delays above, at once when the browser comes back online, and not at all
 * while it is offline. Returns `reconnect()` for the page to call when it becomes visible.
 */
export function startChangeStream(options: ChangeStreamOptions): { stop(): void; reconnect(): void } {
  const delays = options.delaysMs ?? RECONNECT_DELAYS_MS;
  let stopped = false;
  let attempt = 0;
  let opened = false;
  let current: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wakeUp: (() => void) | undefined;

  const emit = (event: ChangeEvent) => {
    options.onEvent(event);
    for (const w of [...changeWaiters]) w(event);
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, ms);
    }).finally(() => {
      clearTimeout(timer);
      wakeUp = undefined;
    });

  const run = async () => {
    while (!stopped) {
      if (!options.isOnline()) {
        await wait(delays[delays.length - 1]!);
        continue;
      }
      current = new AbortController();
      try {
        const res = await options.open(current.signal);
        await readEvents(res.body!, (e) => {
          if (stopped) return "stop";
          if (e.event === "ready") {
            attempt = 0;
            setLive(true);
            emit({ kind: "ready", reconnected: opened });
            opened = true;
          } else if (e.event === "resync") emit({ kind: "resync" });
          else if (e.event === "note" || e.event === "summary") {
            const id = (JSON.parse(e.data) as { id?: unknown }).id;
            if (typeof id === "string") emit({ kind: e.event, id });
          }
        });
      } catch (err) {
        if (stopped) break;
        // A server without the stream (404) is not worth asking every few seconds.
        if (err instanceof ApiError && err.status === 404) attempt = delays.length - 1;
      }
      setLive(false);
      if (stopped) break;
      await wait(delays[Math.min(attempt, delays.length - 1)]!);
      attempt++;
    }
    setLive(false);
  };
  void run();

  return {
    stop() {
      stopped = true;
      setLive(false);
      current?.abort();
      wakeUp?.();
    },
    /** Now rather than after the current delay (back online, the page visible again). */
    reconnect() {
      if (live) return;
      attempt = 0;
      wakeUp?.();
    },
  };
}
