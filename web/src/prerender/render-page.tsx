// The server side of the prerendering (web/scripts/prerender-pages.mjs): the visitor pages rendered
// to HTML by the app's own router and components, as a signed-out visitor sees them.
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { createAppRouter } from "../router";
import type { AuthState, AuthStore } from "../features/auth/auth-store";
import { AuthProvider } from "../features/auth/auth-provider";
import { SESSION_HINT_CLASS, sessionHintSource } from "./session-hint";
export { PRERENDERED_PATHS, prerenderedFile, PRERENDERED_ID, STATIC_PRESS_GLOBAL, STATIC_HELD_GLOBAL } from "../lib/prerendered-pages";

const SIGNED_OUT: AuthState = { session: null, user: null, loading: false };
const visitor: AuthStore = {
  getState: () => SIGNED_OUT,
  subscribe: () => () => {},
  ready: () => Promise.resolve(SIGNED_OUT),
  start: () => () => {},
};

/** The markup of one visitor page, as the app renders it once its route has loaded. */
export async function renderPage(path: string): Promise<string> {
  const queryClient = new QueryClient();
  const router = createAppRouter(visitor, queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }), isServer: true });
  await router.load();
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <AuthProvider store={visitor}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  // The router's scroll-restoration script is for server rendering with its client; the app
  // restores scroll itself, and the page's CSP allows no inline script but the session hint.
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

export { sessionHintSource, SESSION_HINT_CLASS };
