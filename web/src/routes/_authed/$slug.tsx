import { createFileRoute, redirect } from "@tanstack/react-router";
import { loadCollectionsForSlug } from "../../features/collections/resolve";
import { collectionBySlug } from "../../features/collections/selection";
import { MainScreen } from "../../features/journal/main-screen";
import { prefetchJournalView } from "../../features/journal/prefetch-view";
import { validateJournalSearch } from "../../features/journal-view/search-params";
import { nextTask } from "../../lib/next-task";

// One collection's main view (SPEC §2); the first path segment is the collection slug.
export const Route = createFileRoute("/_authed/$slug")({
  validateSearch: validateJournalSearch,
  loader: async ({ context, params, location }) => {
    const collections = await loadCollectionsForSlug(context.queryClient, params.slug);
    // SPEC §2: a user with no collection (and no default) is sent to create the first one.
    if (collections === "onboarding") throw redirect({ to: "/onboarding", replace: true });
    const collection = collectionBySlug(collections, params.slug);
    // The screen's reads start in a task of their own, before its first render: not in its first
    // commit's effects, and the render already sees them under way (a query whose state changed
    // between the render and its subscription would make React render again inside that task).
    if (collection) {
      await nextTask();
      prefetchJournalView(context.queryClient, collection, validateJournalSearch(location.search));
    }
  },
  component: MainScreenRoute,
});

function MainScreenRoute() {
  const { slug } = Route.useParams();
  const search = Route.useSearch();
  return <MainScreen slug={slug} search={search} />;
}
