import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "../src/lib/when-idle";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("whenIdle", () => {
  it("runs at the fallback time where the browser has no idle callback, and not once cancelled", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", undefined);
    const ran: string[] = [];
    whenIdle(() => ran.push("kept"), 2000, 500);
    const cancel = whenIdle(() => ran.push("cancelled"), 2000, 500);
    cancel();
    vi.advanceTimersByTime(499);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(["kept"]);
  });

  it("asks the browser's idle callback with the timeout, and cancels through it", () => {
    const callbacks = new Map<number, () => void>();
    const requested: number[] = [];
    vi.stubGlobal("requestIdleCallback", (cb: () => void, options: { timeout: number }) => {
      requested.push(options.timeout);
      callbacks.set(callbacks.size + 1, cb);
      return callbacks.size;
    });
    vi.stubGlobal("cancelIdleCallback", (id: number) => callbacks.delete(id));
    const ran: string[] = [];
    whenIdle(() => ran.push("first"), 5000, 0);
    whenIdle(() => ran.push("second"), 2000)();
    expect(requested).toEqual([5000, 2000]);
    for (const cb of callbacks.values()) cb();
    expect(ran).toEqual(["first"]);
  });
});
