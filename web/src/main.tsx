import "@vj/core/zod-csp";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import "./styles.css";
import { createAppRouter } from "./router";
import { createQueryClient } from "./lib/query-client";
import { supabase } from "./lib/supabase";
import { registerServiceWorker } from "./lib/register-sw";
import { createAuthStore } from "./features/auth/auth-store";
import { createSessionCache } from "./features/auth/session-cache";
import { AuthProvider, useAuth } from "./features/auth/auth-provider";
import { ErrorBoundary } from "./components/error-screen";
import { LoadingScreen } from "./components/loading-screen";
import { Toaster } from "./components/ui/toaster";

const queryClient = createQueryClient();
const auth = createAuthStore({
  client: supabase,
  cache: createSessionCache(window.localStorage),
  isOnline: () => navigator.onLine,
});
auth.start();
const router = createAppRouter(auth, queryClient);

function App() {
  const { loading } = useAuth();
  if (loading) return <LoadingScreen />;
  return <RouterProvider router={router} />;
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
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);

registerServiceWorker();
