import { createFileRoute, Navigate, Outlet } from "@tanstack/react-router";
import { requireSession } from "../features/auth/guards";
import { useAuth } from "../features/auth/auth-provider";
import { SignedInShell } from "../shell/signed-in-shell";

export const Route = createFileRoute("/_authed")({
  beforeLoad: ({ context }) => requireSession(context.auth),
  component: SignedInLayout,
});

function SignedInLayout() {
  const { session } = useAuth();
  // Signed out while here (Logout, another tab, a revoked refresh token): leave the signed-in area.
  if (!session) return <Navigate to="/auth/login" replace />;
  return (
    <SignedInShell>
      <Outlet />
    </SignedInShell>
  );
}
