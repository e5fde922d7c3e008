import "@vj/core/zod-csp";
import { StrictMode, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import "./styles.css";
import { createAppRouter } from "./router";
import { createQueryClient } from "./lib/query-client";
import { supabase } from "./lib/supabase";
import { registerServiceWorker } from "./lib/register-sw";
import { setAccessTokenSource } from "./lib/api-client";
import { persistQueries } from "./lib/query-persistence";
import { createAuthStore } from "./features/auth/auth-store";
import { createSessionCache } from "./features/auth/session-cache";
import { AuthProvider, useAuth } from "./features/auth/auth-provider";
import { mirrorAuthSession } from "./features/outbox/mirror-auth-session";
import { outboxDb } from "./features/outbox/outbox-db";
import { startPageOutbox } from "./features/outbox/page-outbox";
import { ErrorBoundary } from "./components/error-screen";
import { LoadingScreen } from "./components/loading-screen";
import { Toaster } from "./components/ui/toaster";
import { UpdatePrompt } from "./components/update-prompt";

const queryClient = createQueryClient();
const persisted = persistQueries(queryClient);
const auth = createAuthStore({
  client: supabase,
  cache: createSessionCache(window.localStorage),
  isOnline: () => navigator.onLine,
});
auth.start();
setAccessTokenSource(() => auth.getState().session?.access_token ?? null);
auth.subscribe(() => {
  const { user, loading } = auth.getState();
  if (!loading) persisted.setUser(user?.id ?? null);
});
// The service worker replays the outbox with this token (it cannot read localStorage).
mirrorAuthSession(auth, outboxDb());
// Recover interrupted recordings and send what waits, once the session is known (SPEC §4, DESIGN §8).
void auth.ready().then(() =>
  startPageOutbox({
    queryClient,
    // getSession refreshes an expired token first; after a 401 a refresh is forced.
    getAccessToken: async (refresh) => {
      const { data } = refresh ? await supabase.auth.refreshSession() : await supabase.auth.getSession();
      return data.session?.access_token ?? null;
    },
  }),
);
const router = createAppRouter(auth, queryClient);

let cacheRestored = false;
void persisted.restored.then(() => {
  cacheRestored = true;
});

function App() {
  const { loading } = useAuth();
  const restored = useSyncExternalStore(subscribeRestored, () => cacheRestored);
  if (loading || !restored) return <LoadingScreen />;
  return <RouterProvider router={router} />;
}

function subscribeRestored(listener: () => void) {
  void persisted.restored.then(listener);
  return () => undefined;
}

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Root element not found");

createRoot(rootElement).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider store={auth}>
          <App />
          <Toaster />
          <UpdatePrompt />
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);

registerServiceWorker();
