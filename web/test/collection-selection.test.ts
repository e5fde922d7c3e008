import { QueryClient } from "@tanstack/react-query";
import { LAST_SELECTED_COLLECTION_KEY, type Domain } from "@vj/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { collectionKeys, collectionQueries } from "../src/features/collections/queries";
import { loadCollectionsForSlug, resolveHome } from "../src/features/collections/resolve";
import { collectionBySlug, homeTarget, pickCollection, readLastSelected, rememberSelected } from "../src/features/collections/selection";

let nextId = 1;
function domain(name: string, slug: string, isDefault = false): Domain {
  return {
    id: `00000000-0000-4000-8000-${String(nextId++).padStart(12, "0")}`,
    userId: "00000000-0000-4000-8000-00000000000a",
    name,
    slug,
    description: null,
    primaryColor: "#3b82f6",
    isDefault,
    createdAt: "2026-01-01T00:00:00.000Z",
  };
}

const work = domain("Work", "work");
const home = domain("Home", "home", true);
const travel = domain("Travel", "travel");

describe("which collection a path or '/' opens (SPEC §2)", () => {
  it("the first path segment selects by slug; an unknown slug is no current collection", () => {
    expect(collectionBySlug([work, home, travel], "travel")).toBe(travel);
    expect(collectionBySlug([work, home, travel], "Travel")).toBeNull();
    expect(collectionBySlug([work, home], "gone")).toBeNull();
  });

  it("without a segment: the last selected, then the default, then the first", () => {
    expect(pickCollection([work, home, travel], travel.id)).toBe(travel);
    expect(pickCollection([work, home, travel], null)).toBe(home);
    // A remembered id of a deleted collection (or another account's) is ignored.
    expect(pickCollection([work, home, travel], "00000000-0000-4000-8000-000000000999")).toBe(home);
    expect(pickCollection([travel, work], null)).toBe(travel);
  });

  it("redirects to the chosen slug, to the default lookup's collection, or to onboarding when there is none", () => {
    expect(homeTarget([work, home], work.id, null)).toEqual({ to: "collection", collection: work });
    expect(homeTarget([], null, home)).toEqual({ to: "collection", collection: home });
    expect(homeTarget([], work.id, null)).toEqual({ to: "onboarding" });
  });

  it("remembers the last selected collection in the spec's storage key", () => {
    const map = new Map<string, string>();
    const store = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    expect(readLastSelected(store)).toBeNull();
    rememberSelected(travel.id, store);
    expect(map.get(LAST_SELECTED_COLLECTION_KEY)).toBe(travel.id);
    expect(readLastSelected(store)).toBe(travel.id);
    const broken = { getItem: () => { throw new Error("blocked"); }, setItem: () => { throw new Error("full"); } };
    expect(readLastSelected(broken)).toBeNull();
    expect(() => rememberSelected(travel.id, broken)).not.toThrow();
  });
});

describe("route decisions read the collection list the server has now", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function serverAnswering(list: Domain[]) {
    const calls: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      calls.push(url);
      if (url === "/api/domains") return new Response(JSON.stringify(list), { status: 200 });
      return new Response(JSON.stringify({ error: { code: "not_found", message: "No default collection" } }), { status: 404 });
    });
    return calls;
  }

  it("uses the cached list while it is valid", async () => {
    const calls = serverAnswering([work]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    queryClient.setQueryData(collectionQueries.list().queryKey, [home]);
    expect(await resolveHome(queryClient)).toEqual({ to: "collection", collection: home });
    expect(calls).toEqual([]);
  });

  it("a collection chosen while only this device had it opens at '/' under the id the server gave it", async () => {
    serverAnswering([home, travel]);
    const map = new Map<string, string>([[LAST_SELECTED_COLLECTION_KEY, "11111111-2222-4333-8444-555555555555"]]);
    vi.stubGlobal("window", { localStorage: { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) } });
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const followed = async (id: string) => (id === "11111111-2222-4333-8444-555555555555" ? travel.id : null);
    expect(await resolveHome(queryClient, followed)).toEqual({ to: "collection", collection: travel });
    expect(map.get(LAST_SELECTED_COLLECTION_KEY)).toBe(travel.id);
    // Nothing followed (a collection deleted meanwhile): the default, as before.
    map.set(LAST_SELECTED_COLLECTION_KEY, "99999999-2222-4333-8444-555555555555");
    expect(await resolveHome(queryClient, followed)).toEqual({ to: "collection", collection: home });
  });

  it("after onboarding created the first collection (list invalidated), '/' opens it instead of onboarding again", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    serverAnswering([]);
    expect(await resolveHome(queryClient)).toEqual({ to: "onboarding" });

    serverAnswering([work]);
    await queryClient.invalidateQueries({ queryKey: collectionKeys.all });
    expect(await resolveHome(queryClient)).toEqual({ to: "collection", collection: work });
  });

  it("asks the server again for a slug the cached list does not know, and sends a user with none to onboarding", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    queryClient.setQueryData(collectionQueries.list().queryKey, [work]);
    serverAnswering([work, travel]);
    expect(await loadCollectionsForSlug(queryClient, "travel")).toEqual([work, travel]);

    const empty = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    serverAnswering([]);
    expect(await loadCollectionsForSlug(empty, "work")).toBe("onboarding");
  });
});
