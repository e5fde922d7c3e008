import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { ErrorScreen } from "../src/components/error-screen";
import { isStaleBuildError, reloadForNewBuild } from "../src/lib/stale-build";

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const chunkErrors = [
  new TypeError("Failed to fetch dynamically imported module: https://journal.example/assets/summaries-Cq1x.js"),
  new TypeError("error loading dynamically imported module: https://journal.example/assets/summaries-Cq1x.js"),
  new TypeError("Importing a module script failed."),
  new Error("Unable to preload CSS for /assets/summaries-Cq1x.css"),
];

describe("a route's code replaced by a deploy", () => {
  let storage: MemoryStorage;
  let reload: ReturnType<typeof vi.fn<() => void>>;
  let online: boolean;
  let now: number;
  const env = () => ({ storage, reload, online, now });

  beforeEach(() => {
    storage = new MemoryStorage();
    reload = vi.fn<() => void>();
    online = true;
    now = 1_000_000;
  });

  it("recognises a chunk that failed to load in Chromium, Firefox and Safari, and nothing else", () => {
    for (const error of chunkErrors) expect(isStaleBuildError(error)).toBe(true);
    expect(isStaleBuildError(new Error("Request failed with status 500"))).toBe(false);
    expect(isStaleBuildError(undefined)).toBe(false);
  });

  it("reloads the page once, then shows the error screen if the new page fails the same way", () => {
    expect(reloadForNewBuild(chunkErrors[0], env())).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    now += 2_000;
    expect(reloadForNewBuild(chunkErrors[0], env())).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads again for a later deploy in the same tab", () => {
    expect(reloadForNewBuild(chunkErrors[1], env())).toBe(true);
    now += 10 * 60_000;
    expect(reloadForNewBuild(chunkErrors[1], env())).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload offline, or for an error that is not a missing chunk", () => {
    online = false;
    expect(reloadForNewBuild(chunkErrors[2], env())).toBe(false);
    online = true;
    expect(reloadForNewBuild(new Error("Request failed with status 500"), env())).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("never reloads in a loop where the tab cannot remember that it did", () => {
    expect(reloadForNewBuild(chunkErrors[0], { reload, online, now, storage: null })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("the error screen for a route whose code did not arrive", () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal("window", { sessionStorage: storage, location: { reload: vi.fn() } });
    vi.stubGlobal("navigator", { onLine: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is not shown while the page reloads for the new build", () => {
    const html = renderToString(createElement(ErrorScreen, { error: chunkErrors[0] }));
    expect(html).not.toContain("Something went wrong");
  });

  it("is shown when the reloaded page still cannot load it, and for any other error", () => {
    reloadForNewBuild(chunkErrors[0], { storage, reload: () => undefined, online: true, now: Date.now() });
    expect(renderToString(createElement(ErrorScreen, { error: chunkErrors[0] }))).toContain("Something went wrong");
    expect(renderToString(createElement(ErrorScreen, { error: new Error("boom") }))).toContain("Reload Page");
  });
});
