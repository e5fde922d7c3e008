import { createFileRoute } from "@tanstack/react-router";
import { SignupForm } from "../../features/auth/signup-form";
import { redirectIfSignedIn } from "../../features/auth/guards";

export const Route = createFileRoute("/auth/signup")({
  beforeLoad: ({ context }) => redirectIfSignedIn(context.auth),
  component: SignupForm,
});
