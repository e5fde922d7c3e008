import { createFileRoute, redirect } from "@tanstack/react-router";
import { loadCollectionsForSlug } from "../../features/collections/resolve";
import { MainScreen } from "../../features/journal/main-screen";
import { validateJournalSearch } from "../../features/journal/search-params";

// One collection's main view (SPEC §2); the first path segment is the collection slug.
export const Route = createFileRoute("/_authed/$slug")({
  validateSearch: validateJournalSearch,
  loader: async ({ context, params }) => {
    // SPEC §2: a user with no collection (and no default) is sent to create the first one.
    if ((await loadCollectionsForSlug(context.queryClient, params.slug)) === "onboarding") {
      throw redirect({ to: "/onboarding", replace: true });
    }
  },
  component: MainScreenRoute,
});

function MainScreenRoute() {
  const { slug } = Route.useParams();
  const search = Route.useSearch();
  return <MainScreen slug={slug} search={search} />;
}
