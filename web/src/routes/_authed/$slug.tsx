import { createFileRoute } from "@tanstack/react-router";
import { collectionQueries } from "../../features/collections/queries";
import { MainScreen } from "../../features/journal/main-screen";
import { validateJournalSearch } from "../../features/journal/search";

// One collection's main view (SPEC §2); the first path segment is the collection slug.
export const Route = createFileRoute("/_authed/$slug")({
  validateSearch: validateJournalSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(collectionQueries.list()),
  component: MainScreenRoute,
});

function MainScreenRoute() {
  const { slug } = Route.useParams();
  const search = Route.useSearch();
  return <MainScreen slug={slug} search={search} />;
}
