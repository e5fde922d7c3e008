import type { Domain } from "@vj/core";
import { LAST_SELECTED_COLLECTION_KEY } from "@vj/core";

/**
 * Which collection "/" opens (SPEC §2): the last selected one, then the default, then the first.
 * `null` when the user has none.
 */
export function pickCollection(collections: readonly Domain[], lastSelectedId: string | null, fallbackDefault: Domain | null = null): Domain | null {
  return (
    collections.find((c) => c.id === lastSelectedId) ??
    collections.find((c) => c.isDefault) ??
    collections[0] ??
    fallbackDefault
  );
}

/** The collection a path segment names, or null: an unknown slug means no current collection. */
export function collectionBySlug(collections: readonly Domain[], slug: string): Domain | null {
  return collections.find((c) => c.slug === slug) ?? null;
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

function storage(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // blocked storage (private mode)
  }
}

export function readLastSelected(store: KeyValueStorage | null = storage()): string | null {
  try {
    return store?.getItem(LAST_SELECTED_COLLECTION_KEY) ?? null;
  } catch {
    return null;
  }
}

export function rememberSelected(id: string, store: KeyValueStorage | null = storage()): void {
  try {
    store?.setItem(LAST_SELECTED_COLLECTION_KEY, id);
  } catch {
    // Full or blocked storage: "/" then falls back to the default collection.
  }
}
