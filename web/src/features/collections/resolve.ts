import type { QueryClient } from "@tanstack/react-query";
import type { Domain } from "@vj/core";
import { collectionQueries } from "./queries";
import { pickCollection, readLastSelected } from "./selection";

/**
 * Where "/" sends a signed-in user (SPEC §2): the last selected, default or first collection;
 * with none, the default-collection lookup; when that fails too, onboarding.
 */
export async function resolveHomeCollection(queryClient: QueryClient): Promise<Domain | null> {
  const collections = await queryClient.ensureQueryData(collectionQueries.list());
  if (collections.length > 0) return pickCollection(collections, readLastSelected());
  return queryClient.ensureQueryData(collectionQueries.default());
}
