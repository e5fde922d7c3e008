import { createFileRoute, redirect } from "@tanstack/react-router";
import { LandingPage } from "../features/landing/landing-page";

// "/" is the landing page for visitors and the home collection for a signed-in user (SPEC §2).
export const Route = createFileRoute("/")({
  beforeLoad: async ({ context }) => {
    const { session } = await context.auth.ready();
    if (!session) return;
    // Loaded on demand: the collections query layer is not part of a visitor's first screen.
    const { resolveHome } = await import("../features/collections/resolve");
    const home = await resolveHome(context.queryClient);
    if (home.to === "collection") throw redirect({ to: "/$slug", params: { slug: home.collection.slug }, replace: true });
    throw redirect({ to: "/onboarding", replace: true });
  },
  component: LandingPage,
});
