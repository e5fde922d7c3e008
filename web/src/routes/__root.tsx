import { createRootRouteWithContext, Navigate, Outlet } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import type { AuthStore } from "../features/auth/auth-store";
import { useAuth } from "../features/auth/auth-provider";
import { ErrorScreen } from "../components/error-screen";
import { NotFoundPage } from "../components/not-found-page";

export type RouterContext = { auth: AuthStore; queryClient: QueryClient };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ErrorScreen,
  notFoundComponent: NotFound,
});

/** SPEC §2: an unknown path is a 404 for a signed-in user and the sign-in view for a visitor. */
function NotFound() {
  const { session } = useAuth();
  if (!session) return <Navigate to="/auth/login" replace />;
  return <NotFoundPage />;
}
