import { describe, expect, it } from "vitest";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { persistQueries } from "../src/lib/query-persistence";
import { createQueryClient } from "../src/lib/query-client";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("persisted answers (offline start)", () => {
  it("shows the saved list at once after a reload, and asks the server again instead of trusting it", async () => {
    const storage = memoryStorage();
    const before = createQueryClient();
    const first = persistQueries(before, storage);
    await first.restored;
    first.setUser("user-1");
    before.setQueryData(["notes", "list"], ["note saved before the reload"]);
    await sleep(700); // the persister writes at most every 500 ms

    const after: QueryClient = createQueryClient();
    const second = persistQueries(after, storage);
    await second.restored;
    second.setUser("user-1");
    expect(after.getQueryData(["notes", "list"])).toEqual(["note saved before the reload"]);

    let asked = 0;
    const observer = new QueryObserver(after, {
      queryKey: ["notes", "list"],
      queryFn: async () => {
        asked += 1;
        return ["note another tab added"];
      },
    });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await sleep(20);
    unsubscribe();
    expect(asked).toBe(1);
    expect(seen.at(-1)).toEqual(["note another tab added"]);
  });

  it("never shows one user's saved journal to the next", async () => {
    const storage = memoryStorage();
    const before = createQueryClient();
    const first = persistQueries(before, storage);
    await first.restored;
    first.setUser("user-1");
    before.setQueryData(["notes", "list"], ["private note"]);
    await sleep(700);

    const after = createQueryClient();
    const second = persistQueries(after, storage);
    await second.restored;
    second.setUser("user-2");
    expect(after.getQueryData(["notes", "list"])).toBeUndefined();
  });
});
