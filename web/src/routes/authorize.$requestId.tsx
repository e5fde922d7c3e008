import { createFileRoute, redirect } from "@tanstack/react-router";
import { ConsentPage } from "../features/assistants/consent-page";
import { rememberAfterSignIn } from "../lib/after-sign-in";

// An assistant's request to read the journal (OAuth consent). A visitor signs in first and comes back here.
export const Route = createFileRoute("/authorize/$requestId")({
  beforeLoad: async ({ context, params }) => {
    const { session } = await context.auth.ready();
    if (!session) {
      rememberAfterSignIn(`/authorize/${params.requestId}`);
      throw redirect({ to: "/auth/login", replace: true });
    }
  },
  component: ConsentRoute,
});

function ConsentRoute() {
  const { requestId } = Route.useParams();
  return <ConsentPage requestId={requestId} />;
}
