import { createFileRoute, redirect } from "@tanstack/react-router";
import { LandingPage } from "../features/landing/landing-page";
import { resolveHomeCollection } from "../features/collections/resolve";

// "/" is the landing page for visitors and the home collection for a signed-in user (SPEC §2).
export const Route = createFileRoute("/")({
  beforeLoad: async ({ context }) => {
    const { session } = await context.auth.ready();
    if (!session) return;
    const home = await resolveHomeCollection(context.queryClient);
    if (home) throw redirect({ to: "/$slug", params: { slug: home.slug }, replace: true });
    throw redirect({ to: "/onboarding", replace: true });
  },
  component: LandingPage,
});
