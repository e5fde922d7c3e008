import { createFileRoute } from "@tanstack/react-router";
import { SignedInPlaceholder } from "../../components/signed-in-placeholder";

// One collection's main view (SPEC §2); the first path segment is the collection slug.
export const Route = createFileRoute("/_authed/$slug")({
  component: SignedInPlaceholder,
});
