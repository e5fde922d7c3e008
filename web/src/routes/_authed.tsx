import { createFileRoute, Navigate, Outlet } from "@tanstack/react-router";
import { requireSession } from "../features/auth/guards";
import { useAuth } from "../features/auth/auth-provider";
import { useLiveUpdates } from "../features/journal/live-updates";

export const Route = createFileRoute("/_authed")({
  beforeLoad: ({ context }) => requireSession(context.auth),
  component: SignedInLayout,
});

function SignedInLayout() {
  const { session } = useAuth();
  useLiveUpdates();
  // Signed out while here (Logout, another tab, a revoked refresh token): leave the signed-in area.
  if (!session) return <Navigate to="/auth/login" replace />;
  return <Outlet />;
}
