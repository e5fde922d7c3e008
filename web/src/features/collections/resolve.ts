import { onlineManager, type QueryClient } from "@tanstack/react-query";
import type { Domain } from "@vj/core";
import { collectionQueries } from "./queries";
import { followedServerId } from "../outbox/changes-store";
import { outboxDb } from "../outbox/outbox-db";
import { collectionBySlug, homeTarget, readLastSelected, rememberSelected, type HomeTarget } from "./selection";

/**
 * The collection list for a route decision. The cache is kept "never stale" (SPEC §9), so a list
 * that a mutation invalidated while no screen was showing it (onboarding creates the first
 * collection, then goes to "/") must be fetched again here rather than read back as it was.
 * Offline, the cached list is the best answer there is.
 */
async function readCollections(queryClient: QueryClient, forceFresh = false): Promise<Domain[]> {
  const options = collectionQueries.list();
  const state = queryClient.getQueryState(options.queryKey);
  if ((forceFresh || state?.isInvalidated) && state?.data !== undefined && onlineManager.isOnline()) {
    try {
      return await queryClient.fetchQuery({ ...options, staleTime: 0 });
    } catch (err) {
      // No answer (a connection that only looks online): the cached list still stands.
      const cached = queryClient.getQueryData(options.queryKey);
      if (cached !== undefined) return cached;
      throw err;
    }
  }
  return queryClient.ensureQueryData(options);
}

/**
 * Where "/" sends a signed-in user (SPEC §2): the last selected, default or first collection;
 * with none, the default-collection lookup; when that fails too, onboarding. A collection chosen
 * while only this device had it is remembered by the device's id: once the server gave it its
 * own (`followed`), that one is the last selected.
 */
export async function resolveHome(
  queryClient: QueryClient,
  followed: (deviceId: string) => Promise<string | null> = (id) => followedServerId(outboxDb(), id),
): Promise<HomeTarget> {
  const collections = await readCollections(queryClient);
  const fallback = collections.length > 0 ? null : await queryClient.ensureQueryData(collectionQueries.default());
  let last = readLastSelected();
  if (last && !collections.some((c) => c.id === last)) {
    const serverId = await followed(last).catch(() => null);
    if (serverId && collections.some((c) => c.id === serverId)) rememberSelected((last = serverId));
  }
  return homeTarget(collections, last, fallback);
}

/**
 * Loads the list for "/{slug}". A slug the cached list does not know may be a collection made
 * since (on another device): ask the server once before saying there is no such collection.
 * Returns "onboarding" when the user has no collection at all and no default either.
 */
export async function loadCollectionsForSlug(queryClient: QueryClient, slug: string): Promise<Domain[] | "onboarding"> {
  let collections = await readCollections(queryClient);
  if (!collectionBySlug(collections, slug)) collections = await readCollections(queryClient, true);
  if (collections.length > 0) return collections;
  const fallback = await queryClient.ensureQueryData(collectionQueries.default());
  return fallback ? collections : "onboarding";
}
