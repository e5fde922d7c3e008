// Its own module, with no imports: the app's entry hands these keys to the outbox (main.tsx)
// without loading the collections' queries.

/** Query keys as a hierarchy: invalidating ["domains"] refreshes the list, the default and every stats entry. */
export const collectionKeys = {
  all: ["domains"] as const,
  list: () => [...collectionKeys.all, "list"] as const,
  default: () => [...collectionKeys.all, "default"] as const,
  stats: (id: string) => [...collectionKeys.all, id, "stats"] as const,
};
