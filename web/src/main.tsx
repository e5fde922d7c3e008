import "./lib/icu-warmup";
import "@vj/core/zod-csp";
import { startTransition, StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { onlineManager, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import "./styles.css";
import { createAppRouter } from "./router";
import { createQueryClient } from "./lib/query-client";
import { registerServiceWorker } from "./lib/register-sw";
import { setAccessTokenSource } from "./lib/access-token";
import { safeLocalStorage } from "./lib/safe-storage";
import { getSupabase, supabaseRequested } from "./lib/supabase";
import { persistQueries } from "./lib/query-persistence";
import { createAuthStore } from "./features/auth/auth-store";
import { createSessionCache } from "./features/auth/session-cache";
import { mayHaveSession } from "./features/auth/stored-session";
import { readFreshSession, SUPABASE_LOAD_DELAY_MS } from "./features/auth/fresh-session";
import { supabaseStorageKey } from "./lib/supabase-config";
import { AuthProvider, useAuth } from "./features/auth/auth-provider";
import { ErrorBoundary } from "./components/error-screen";
import { LoadingScreen } from "./components/loading-screen";
import { UpdatePrompt } from "./components/update-prompt";
import { LazyToaster, preloadToaster } from "./components/ui/lazy-toaster";
import { sharedImport } from "./lib/retry-import";
import { nextTask } from "./lib/next-task";
import { whenIdle } from "./lib/when-idle";
import { warmFonts } from "./lib/font-warmup";
import { dropPrerenderedPage, showsPrerenderedPage } from "./lib/prerender-takeover";
import { noteKeys } from "./features/notes/keys";
import { collectionKeys } from "./features/collections/keys";

// Resolved when the router has rendered its first screen (or 5 s have passed without it).
let markFirstScreen!: () => void;
const firstScreen = Promise.race([
  new Promise<void>((resolve) => (markFirstScreen = resolve)),
  new Promise<void>((resolve) => setTimeout(resolve, 5000)),
]);

// TanStack Query assumes "online" until an event says otherwise; a page opened with no network
// starts offline, so its requests wait for the connection instead of failing.
onlineManager.setOnline(navigator.onLine);
const queryClient = createQueryClient();
const persisted = persistQueries(queryClient);
// supabase-js and the outbox (Dexie) are loaded on demand: a visitor's first screen needs neither.
const auth = createAuthStore({
  loadClient: getSupabase,
  cache: createSessionCache(window.localStorage),
  mayHaveSession: () => mayHaveSession(safeLocalStorage(), new URL(window.location.href)),
  isOnline: () => navigator.onLine,
  // A fresh stored session opens the signed-in screen at once; supabase-js loads some seconds
  // after it, when the page is idle, or as soon as anything asks for it (a sign-out must reach the
  // store's listener).
  readFreshSession: () => readFreshSession(safeLocalStorage(), supabaseStorageKey, new URL(window.location.href), Date.now()),
  hasStoredSession: () => Boolean(safeLocalStorage()?.getItem(supabaseStorageKey)),
  later: (load) =>
    void Promise.race([
      supabaseRequested,
      firstScreen.then(() => new Promise<void>((idle) => setTimeout(() => whenIdle(idle, 2000), SUPABASE_LOAD_DELAY_MS))),
    ]).then(load),
});
// Another tab signing out (or in) changes supabase-js's stored session. A tab that opened on that
// session without supabase-js loads it now, so that it follows at once, not seconds later.
window.addEventListener("storage", (event) => {
  if (event.key === supabaseStorageKey || event.key === null) void getSupabase().catch(() => undefined);
});
setAccessTokenSource(() => auth.getState().session?.access_token ?? null);
auth.subscribe(() => {
  const { user, loading } = auth.getState();
  if (!loading) persisted.setUser(user?.id ?? null);
});
// The outbox (Dexie, the upload client) starts with the first session: a visitor never loads it.
const loadPageStart = sharedImport(() => import("./features/outbox/page-start"));
let outboxStarted = false;
function startOutboxOnceSignedIn() {
  if (outboxStarted || !auth.getState().session) return;
  outboxStarted = true;
  // A task after the one that settled the session (usually the entry's evaluation): the chunk's
  // preload links and import are not part of that task.
  void nextTask().then(loadPageStart).then(({ startOutboxInPage }) =>
    startOutboxInPage({
      auth,
      queryClient,
      refreshAfterDelivery: [noteKeys.all, collectionKeys.all],
      // summaryKeys.all, summaryTypeKeys.all and reminderKeys.all (features/summaries/queries.ts,
      // features/reminders/queries.ts), named here so the entry does not load their code.
      refreshAfterChanges: [["summaries"], ["summary-types"], ["reminders"]],
      // getSession refreshes an expired token first; after a 401 a refresh is forced.
      // The token and its person come from one session: a recording is only sent with its owner's.
      getSession: async (refresh) => {
        const supabase = await getSupabase().catch(() => null);
        // supabase-js could not load (the server went away before it did): the session in hand.
        const session = supabase
          ? (refresh ? await supabase.auth.refreshSession() : await supabase.auth.getSession()).data.session
          : refresh
            ? null
            : auth.getState().session;
        return session ? { accessToken: session.access_token, userId: session.user.id } : null;
      },
    }),
    () => {
      // Its code did not arrive (the connection dropped before the build was cached): the
      // recordings wait in the outbox, and it starts when the browser is next online.
      outboxStarted = false;
      window.addEventListener("online", startOutboxOnceSignedIn, { once: true });
    },
  );
}
auth.subscribe(startOutboxOnceSignedIn);
// After the listeners above: a visitor's signed-out state is settled synchronously.
auth.start();
const router = createAppRouter(auth, queryClient);
// A prerendered visitor page (landing, sign-in, sign-up) stays on screen until its component takes
// it over (lib/prerender-takeover.ts). Hidden when this browser may hold a session (its inline
// session hint): then the loading screen shows, as on any other page. Whatever the app renders
// instead of that page (a signed-in redirect, an error) replaces it too.
const prerenderedShown = showsPrerenderedPage();
if (!prerenderedShown) {
  dropPrerenderedPage();
  // The loading screen is up: the main screen's fonts are resolved after its first paint.
  requestAnimationFrame(() => setTimeout(() => warmFonts(), 0));
}
router.subscribe("onRendered", dropPrerenderedPage);
// A task after the one that rendered it: what waits for the first screen (supabase-js, the toasts)
// does not lengthen that task.
router.subscribe("onRendered", () => void nextTask().then(markFirstScreen));

function App() {
  const { loading } = useAuth();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (loading) return;
    let live = true;
    // Signed in, a recording can follow the screen at once: its toasts' code comes with the screen.
    const toasts = auth.getState().session ? preloadToaster() : undefined;
    // Once the saved answers are back and the first route is resolved (its chunk, its loader), in a
    // transition: the first screen renders in slices that leave the main thread free between them,
    // not as one long task (Lighthouse's blocking time). Resolved after mounting instead, the route
    // would render through the router's store, which React always renders in one piece.
    void Promise.all([persisted.restored.then(() => router.load()).catch(() => undefined), toasts])
      .then(() => {
        if (live) startTransition(() => setShown(true));
      });
    return () => {
      live = false;
    };
  }, [loading]);
  if (!shown) return prerenderedShown ? null : <LoadingScreen />;
  return <RouterProvider router={router} />;
}

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Root element not found");

const root = createRoot(rootElement);
startTransition(() => root.render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider store={auth}>
          <App />
          <LazyToaster after={firstScreen} />
          <UpdatePrompt />
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
));

// Workbox registers the worker after the page's load event anyway; its set-up waits a task.
void nextTask().then(registerServiceWorker);
