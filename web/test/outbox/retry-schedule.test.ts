import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createRetrySchedule, type Timers } from "../../src/features/outbox/retry-schedule";

const timers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>), now: () => Date.now() };

describe("the page's retry schedule", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** An outbox whose server refuses until `serverUp` is set; counts the tries. */
  function outbox() {
    const state = { tries: 0, serverUp: false, waiting: 1 };
    const attempt = async () => {
      state.tries++;
      if (state.serverUp) state.waiting = 0;
      return state.waiting > 0;
    };
    return { state, attempt };
  }

  test("tries after 5 s, 15 s, 1 min, 5 min, then every 5 min while something waits", async () => {
    const { state, attempt } = outbox();
    const schedule = createRetrySchedule(attempt, timers);
    await schedule.now();
    expect(state.tries).toBe(1);
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      seen.push(schedule.scheduledIn!);
      await vi.advanceTimersByTimeAsync(schedule.scheduledIn!);
    }
    expect(seen).toEqual([5_000, 15_000, 60_000, 300_000, 300_000, 300_000]);
    expect(state.tries).toBe(7);
    schedule.stop();
  });

  test("stops once nothing waits, and online or a visible page starts the backoff over", async () => {
    const { state, attempt } = outbox();
    const schedule = createRetrySchedule(attempt, timers);
    await schedule.now();
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(schedule.scheduledIn).toBe(60_000);
    await schedule.now(); // `online`
    expect(schedule.scheduledIn).toBe(5_000);
    state.serverUp = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.waiting).toBe(0);
    expect(schedule.scheduledIn).toBeNull();
    const tries = state.tries;
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(state.tries).toBe(tries);
  });

  test("another request's success tries at once while something waits, but not more often than every 5 s", async () => {
    const { state, attempt } = outbox();
    const schedule = createRetrySchedule(attempt, timers);
    await schedule.now();
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(schedule.scheduledIn).toBe(60_000);
    const before = state.tries;
    // Right after a try, a success waits for the clock...
    await vi.advanceTimersByTimeAsync(2_000);
    schedule.serverBack();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.tries).toBe(before);
    // ...5 s after it, a success tries at once.
    await vi.advanceTimersByTimeAsync(4_000);
    state.serverUp = true;
    schedule.serverBack();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.tries).toBe(before + 1);
    expect(state.waiting).toBe(0);
    // Nothing waits now: a success changes nothing.
    schedule.serverBack();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.tries).toBe(before + 1);
  });

  test("a try asked for again while one is under way runs after it, and a failure then waits 5 s, not the step reached", async () => {
    const { state, attempt } = outbox();
    let release = () => {};
    let hold = false;
    const schedule = createRetrySchedule(async () => {
      if (hold) await new Promise<void>((r) => (release = r));
      return attempt();
    }, timers);
    await schedule.now();
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(schedule.scheduledIn).toBe(60_000);
    const before = state.tries;
    // A try starts (the person before's session), and the next person signs in while it runs.
    hold = true;
    const first = schedule.now();
    await vi.advanceTimersByTimeAsync(0);
    const joined = schedule.now();
    const after = schedule.again();
    hold = false;
    release();
    await Promise.all([first, joined, after]);
    // The try under way, joined by `now`, and one more after it for `again`.
    expect(state.tries).toBe(before + 2);
    expect(schedule.scheduledIn).toBe(5_000);
    schedule.stop();
  });

  test("a send that failed puts a retry on the clock once; an attempt that throws is tried again", async () => {
    let calls = 0;
    const schedule = createRetrySchedule(async () => {
      calls++;
      if (calls === 1) throw new Error("network");
      return false;
    }, timers);
    schedule.ensure();
    schedule.ensure();
    expect(schedule.scheduledIn).toBe(5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(1);
    expect(schedule.scheduledIn).toBe(15_000);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toBe(2);
    expect(schedule.scheduledIn).toBeNull();
  });
});
