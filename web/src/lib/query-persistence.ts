import { createSyncStoragePersister } from "@tanstack/query-sync-storage-persister";
import type { QueryClient } from "@tanstack/react-query";
import { persistQueryClient } from "@tanstack/react-query-persist-client";
import { nextTask } from "./next-task";
import { safeLocalStorage } from "./safe-storage";

export const QUERY_CACHE_KEY = "voice-journal.query-cache";
const OWNER_KEY = "voice-journal.query-cache-owner";
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Offline-first: the last answers (collections, notes, summaries) are kept in localStorage so the
 * app opens with a user's journal when there is no connection; online they refresh as usual.
 * `setUser` is told who is signed in (null when nobody is): one user's cached journal is never
 * shown to the next.
 */
export type PersistedQueries = {
  /** Settles once the saved answers are back in the cache (route loaders should wait for it). */
  restored: Promise<void>;
  setUser(id: string | null): void;
};

export function persistQueries(
  queryClient: QueryClient,
  storage: Storage | null = safeLocalStorage(),
  isOnline: () => boolean = () => navigator.onLine,
): PersistedQueries {
  if (!storage) return { restored: Promise.resolve(), setUser: () => undefined };
  const persister = createSyncStoragePersister({ storage, key: QUERY_CACHE_KEY, throttleTime: 500 });
  // In a task of its own: reading, parsing and hydrating the saved answers does not lengthen the
  // task that evaluates the app's entry (Lighthouse's blocking time). A `setUser` before
  // it (a signed-out start, another user) has already removed what another user left.
  const restoring = nextTask().then(() => {
    const [, restore] = persistQueryClient({
      queryClient,
      persister,
      maxAge: MAX_AGE_MS,
      // A query whose options say `meta: { persist: false }` (search results) is never kept.
      dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === "success" && query.meta?.persist !== false },
    });
    return restore;
  });
  const forget = () => {
    queryClient.clear();
    void persister.removeClient();
  };
  return {
    // Online, restored answers show at once but count as stale: the screens ask again, so a reload
    // never keeps showing what another tab or device has changed since. Offline they are the answer.
    restored: restoring
      .then(() => (isOnline() ? queryClient.invalidateQueries({ refetchType: "none" }) : undefined))
      .catch(() => undefined),
    setUser(id) {
      try {
        const owner = storage.getItem(OWNER_KEY);
        if (owner === (id ?? "")) return;
        if (owner !== null || id === null) forget();
        if (id) storage.setItem(OWNER_KEY, id);
        else storage.removeItem(OWNER_KEY);
      } catch {
        forget();
      }
    },
  };
}
