import { useQuery } from "@tanstack/react-query";
import { useMatch } from "@tanstack/react-router";
import type { Domain } from "@vj/core";
import { collectionQueries } from "../features/collections/queries";
import { collectionBySlug, pickCollection, readLastSelected } from "../features/collections/selection";

/**
 * The collection the header names: on a collection's screen the one its address names (none for
 * an unknown slug); on any other signed-in screen the one "/" would open (SPEC §2).
 */
export function useCurrentCollection(): Domain | null {
  const screen = useMatch({ from: "/_authed/$slug", shouldThrow: false });
  const collections = useQuery(collectionQueries.list());
  const list = collections.data ?? [];
  return screen ? collectionBySlug(list, screen.params.slug) : pickCollection(list, readLastSelected());
}
