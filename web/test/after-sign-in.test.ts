import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { rememberAfterSignIn, takeAfterSignIn } from "../src/lib/after-sign-in";

/** A tab's sessionStorage, as the browser keeps it. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe("the page sign-in leads back to", () => {
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = { sessionStorage: memoryStorage() };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  test("an assistant's consent page is where sign-in goes next, once", () => {
    rememberAfterSignIn("/authorize/abc123");
    expect(takeAfterSignIn()).toBe("/authorize/abc123");
    // Read once: a later sign-in goes home.
    expect(takeAfterSignIn()).toBeNull();
  });

  test.each(["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"])("%s is never followed", (path) => {
    rememberAfterSignIn(path);
    expect(takeAfterSignIn()).toBeNull();
  });

  test("without storage (a blocked private mode) nothing is remembered and nothing breaks", () => {
    (globalThis as { window?: unknown }).window = {
      get sessionStorage(): Storage {
        throw new Error("blocked");
      },
    };
    rememberAfterSignIn("/authorize/abc123");
    expect(takeAfterSignIn()).toBeNull();
  });
});
