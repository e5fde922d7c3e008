import { describe, expect, it } from "vitest";
import { importWithRetry, sharedImport } from "../src/lib/retry-import";

const chunkError = () => new TypeError("Failed to fetch dynamically imported module: /assets/toaster.js");

/** A loader that fails `failures` times, then gives `value`; counts its calls. */
function flaky<T>(failures: number, value: T) {
  const loader = { calls: 0, load: async () => {
    loader.calls++;
    if (loader.calls <= failures) throw chunkError();
    return value;
  } };
  return loader;
}

describe("code loaded on demand, when its chunk does not arrive at first", () => {
  it("is fetched again, waiting longer before each try, and arrives", async () => {
    const waits: number[] = [];
    const chunk = flaky(2, "toaster");
    const value = await importWithRetry(chunk.load, { sleep: async (ms) => void waits.push(ms), whenOnline: async () => undefined });
    expect(value).toBe("toaster");
    expect(chunk.calls).toBe(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it("gives the caller the last error once every try has failed", async () => {
    const chunk = flaky(5, "toaster");
    await expect(importWithRetry(chunk.load, { attempts: 3, sleep: async () => undefined, whenOnline: async () => undefined })).rejects.toThrow(
      "Failed to fetch dynamically imported module",
    );
    expect(chunk.calls).toBe(3);
  });

  it("tries again only once the browser counts itself online", async () => {
    let goOnline!: () => void;
    const online = new Promise<void>((resolve) => (goOnline = resolve));
    const chunk = flaky(1, "markdown");
    const loading = importWithRetry(chunk.load, { sleep: async () => undefined, whenOnline: () => online });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(chunk.calls).toBe(1);
    goOnline();
    await expect(loading).resolves.toBe("markdown");
    expect(chunk.calls).toBe(2);
  });

  it("is loaded once for every caller, and a load that failed in the end starts again for the next caller", async () => {
    const chunk = flaky(3, "supabase");
    const load = sharedImport(chunk.load, { attempts: 2, sleep: async () => undefined, whenOnline: async () => undefined });
    const [first, second] = await Promise.allSettled([load(), load()]);
    expect(first.status).toBe("rejected");
    expect(second.status).toBe("rejected");
    expect(chunk.calls).toBe(2);
    await expect(load()).resolves.toBe("supabase");
    expect(chunk.calls).toBe(4);
    await expect(load()).resolves.toBe("supabase");
    expect(chunk.calls).toBe(4);
  });
});
