import { createFileRoute, redirect } from "@tanstack/react-router";
import { LandingPage } from "../features/landing/landing-page";

// "/" is the landing page for visitors and the home collection for a signed-in user (SPEC §2).
export const Route = createFileRoute("/")({
  beforeLoad: async ({ context, location }) => {
    const { session } = await context.auth.ready();
    if (!session) return;
    // Loaded on demand: the collections query layer is not part of a visitor's first screen.
    const { resolveHome } = await import("../features/collections/resolve");
    const home = await resolveHome(context.queryClient);
    // A reminder's notification opens "/?record=1": the home collection's today, ready to record.
    const record = (location.search as Record<string, unknown>).record;
    const search = record === 1 || record === "1" ? { record: true as const } : {};
    if (home.to === "collection") throw redirect({ to: "/$slug", params: { slug: home.collection.slug }, search, replace: true });
    throw redirect({ to: "/onboarding", replace: true });
  },
  component: LandingPage,
});
