/**
 * When the page sends the outbox again by itself (DESIGN §8), for browsers without Background Sync
 * (Firefox, Safari) and for a server that is down while the browser counts itself online: after 5 s,
 * 15 s, 1 min, 5 min, then every 5 min while something still waits; from the start again on
 * `online`, on becoming visible and at start (`now`), and after a try under way once another person
 * has signed in (`again`); at once when another API request succeeds
 * (`serverBack`). No DOM and no React: the timers are handed in, so it is tested with fake ones.
 */
export const RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000] as const;

export function retryDelay(step: number): number {
  return RETRY_DELAYS_MS[Math.min(step, RETRY_DELAYS_MS.length - 1)]!;
}

export type Timers = {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  now(): number;
};

export type RetrySchedule = {
  /** Try now and start the backoff over (start, `online`, visible); a try under way is joined. */
  now(): Promise<void>;
  /**
   * Something changed that a try under way could not see (another person signed in): try once
   * more after it, and start the backoff over.
   */
  again(): Promise<void>;
  /** A send just failed for a reason worth retrying: make sure a retry is on the clock. */
  ensure(): void;
  /** Another API request succeeded: try now, if something waits and the last try is 5 s old. */
  serverBack(): void;
  stop(): void;
  /** The delay of the retry on the clock, or null. */
  readonly scheduledIn: number | null;
};

/** `attempt` sends what waits and says whether anything is still worth another try. */
export function createRetrySchedule(attempt: () => Promise<boolean>, timers: Timers): RetrySchedule {
  let step = 0;
  let handle: unknown = null;
  let scheduledIn: number | null = null;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | null = null;
  let stopped = false;

  const clear = () => {
    if (handle !== null) timers.clear(handle);
    handle = null;
    scheduledIn = null;
  };
  const arm = () => {
    clear();
    if (stopped) return;
    scheduledIn = retryDelay(step);
    step += 1;
    handle = timers.set(() => {
      handle = null;
      scheduledIn = null;
      void run();
    }, scheduledIn);
  };
  const run = (): Promise<void> => {
    if (inFlight) return inFlight;
    lastAttempt = timers.now();
    inFlight = (async () => {
      let more: boolean;
      try {
        more = await attempt();
      } catch {
        more = true;
      }
      if (more) arm();
      else {
        clear();
        step = 0;
      }
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const restart = () => {
    step = 0;
    clear();
    return run();
  };

  return {
    now: restart,
    async again() {
      await inFlight;
      return restart();
    },
    ensure() {
      if (handle === null && !inFlight) arm();
    },
    serverBack() {
      if (handle === null || timers.now() - lastAttempt < RETRY_DELAYS_MS[0]) return;
      void restart();
    },
    stop() {
      stopped = true;
      clear();
    },
    get scheduledIn() {
      return scheduledIn;
    },
  };
}
