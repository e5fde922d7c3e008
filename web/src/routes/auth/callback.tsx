import { createFileRoute } from "@tanstack/react-router";
import { AuthCallback } from "../../features/auth/auth-callback";

// No visitor guard here: the callback exists precisely to finish turning a visitor into a user.
export const Route = createFileRoute("/auth/callback")({
  component: AuthCallback,
});
