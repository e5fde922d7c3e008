import { useMemo } from "react";
import { createRootRouteWithContext, Navigate, Outlet, useNavigate } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import type { AuthStore } from "../features/auth/auth-store";
import { useAuth } from "../features/auth/auth-provider";
import { ErrorScreen } from "../components/error-screen";
import { NotFoundPage } from "../components/not-found-page";
import { PageNavigationProvider, type PageNavigation } from "../lib/page-navigation";

export type RouterContext = { auth: AuthStore; queryClient: QueryClient };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  errorComponent: ErrorScreen,
  notFoundComponent: NotFound,
});

/** The visitor pages' links and their moves after signing in or up go through the router here (lib/page-navigation). */
function Root() {
  const navigate = useNavigate();
  const navigation = useMemo<PageNavigation>(() => ({ go: (to) => void navigate({ href: to }) }), [navigate]);
  return (
    <PageNavigationProvider value={navigation}>
      <Outlet />
    </PageNavigationProvider>
  );
}

/** SPEC §2: an unknown path is a 404 for a signed-in user and the sign-in view for a visitor. */
function NotFound() {
  const { session } = useAuth();
  if (!session) return <Navigate to="/auth/login" replace />;
  return <NotFoundPage />;
}
