import { createFileRoute } from "@tanstack/react-router";
import { collectionQueries } from "../../features/collections/queries";
import { SearchPage } from "../../features/search/search-page";

type SearchScreenSearch = { q?: string };

// /search?q=… : a real route, so back, reload and a shared link show the same search.
export const Route = createFileRoute("/_authed/search")({
  validateSearch: (search: Record<string, unknown>): SearchScreenSearch =>
    typeof search.q === "string" && search.q.trim() !== "" ? { q: search.q.slice(0, 200) } : {},
  loader: ({ context }) => context.queryClient.ensureQueryData(collectionQueries.list()).catch(() => undefined),
  component: SearchRoute,
});

function SearchRoute() {
  const { q } = Route.useSearch();
  return <SearchPage q={q ?? ""} />;
}
