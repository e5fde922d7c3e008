import { createFileRoute } from "@tanstack/react-router";
import { SignedInPlaceholder } from "../../components/signed-in-placeholder";

export const Route = createFileRoute("/_authed/")({
  component: SignedInPlaceholder,
});
