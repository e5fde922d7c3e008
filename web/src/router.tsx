import { createRouter } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { routeTree } from "./routeTree.gen";
import type { AuthStore } from "./features/auth/auth-store";
import { ErrorScreen } from "./components/error-screen";

export function createAppRouter(auth: AuthStore, queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { auth, queryClient },
    defaultPreload: "intent",
    // Loaders read through TanStack Query, which already caches.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorScreen,
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
