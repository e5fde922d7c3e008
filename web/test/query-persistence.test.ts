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

/** One page's life: user-1 signed in with a saved list, kept in `storage` as the persister writes it. */
async function saveListAs(storage: Storage, list: string[]) {
  const client = createQueryClient();
  const persisted = persistQueries(client, storage, () => true);
  await persisted.restored;
  persisted.setUser("user-1");
  client.setQueryData(["notes", "list"], list);
  await sleep(700); // the persister writes at most every 500 ms
}

/** The next page load, signed in as `user`. */
async function reloadAs(storage: Storage, user: string, online = true): Promise<QueryClient> {
  const client = createQueryClient();
  const persisted = persistQueries(client, storage, () => online);
  await persisted.restored;
  persisted.setUser(user);
  return client;
}

describe("persisted answers (offline start)", () => {
  it("shows the saved list at once after a reload, and asks the server again instead of trusting it", async () => {
    const storage = memoryStorage();
    await saveListAs(storage, ["note saved before the reload"]);
    const after = await reloadAs(storage, "user-1");
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

  it("offline, keeps the saved answers as they are: nothing asks a server it cannot reach", async () => {
    const storage = memoryStorage();
    await saveListAs(storage, ["note saved before the reload"]);
    const after = await reloadAs(storage, "user-1", false);
    expect(after.getQueryData(["notes", "list"])).toEqual(["note saved before the reload"]);
    expect(after.getQueryState(["notes", "list"])?.isInvalidated).toBe(false);
  });

  it("never shows one user's saved journal to the next", async () => {
    const storage = memoryStorage();
    await saveListAs(storage, ["private note"]);
    const after = await reloadAs(storage, "user-2");
    expect(after.getQueryData(["notes", "list"])).toBeUndefined();
  });
});
