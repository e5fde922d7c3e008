import { createFileRoute } from "@tanstack/react-router";
import { LoginForm } from "../../features/auth/login-form";
import { redirectIfSignedIn } from "../../features/auth/guards";

export const Route = createFileRoute("/auth/login")({
  beforeLoad: ({ context }) => redirectIfSignedIn(context.auth),
  component: LoginForm,
});
