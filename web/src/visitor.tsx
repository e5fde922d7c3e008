// The visitor island: what a prerendered visitor page (landing, sign-in, sign-up) loads on first
// use instead of the app. The page's own component takes the static copy over as in
// the app (lib/prerender-takeover.ts), with React alone: no router, no TanStack Query, no outbox. It
// moves between the three pages in place while signed out (a toast such as "Check your email"
// stays on screen) and loads any other page, and any page once signed in, which the app then
// serves: after signing in, "/" finds the session and starts the app. A second entry of the app's
// build: what it shares with the app's entry (React, the pages) is one chunk both load
// (web/scripts/chunk-groups.ts).
import { StrictMode, useEffect, useMemo, useRef, useState, type ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { LandingPage } from "./features/landing/landing-page";
import { LoginForm } from "./features/auth/login-form";
import { SignupForm } from "./features/auth/signup-form";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { PageNavigationProvider, type PageNavigation } from "./lib/page-navigation";
import { registerServiceWorker } from "./lib/register-sw";
import { safeLocalStorage } from "./lib/safe-storage";
import { whenIdle } from "./lib/when-idle";
import { mayHaveSession } from "./features/auth/stored-session";
import type { PrerenderedPath } from "./lib/prerendered-pages";

const PAGES: Record<PrerenderedPath, ComponentType> = { "/": LandingPage, "/auth/login": LoginForm, "/auth/signup": SignupForm };

function pageAt(pathname: string): ComponentType | undefined {
  return Object.hasOwn(PAGES, pathname) ? PAGES[pathname as PrerenderedPath] : undefined;
}

function VisitorPages() {
  const [path, setPath] = useState(window.location.pathname);
  // Set by a move in place: the link that was used leaves with its page, and the focus with it.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    // The new page's heading takes the focus, as a page load would leave it at the page's top: a
    // screen reader says where the person now is, and Tab goes on from there, not from the body.
    const heading = document.querySelector<HTMLElement>("#root h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [path]);
  useEffect(() => {
    const back = () => {
      moved.current = true;
      setPath(window.location.pathname);
    };
    window.addEventListener("popstate", back);
    return () => window.removeEventListener("popstate", back);
  }, []);
  const navigation = useMemo<PageNavigation>(
    () => ({
      go(to) {
        const url = new URL(to, window.location.href);
        if (url.origin !== window.location.origin || !pageAt(url.pathname) || mayHaveSession(safeLocalStorage(), url)) {
          window.location.assign(url.href);
          return;
        }
        window.history.pushState(null, "", url.pathname + url.search + url.hash);
        moved.current = true;
        setPath(url.pathname);
        window.scrollTo(0, 0);
      },
    }),
    [],
  );
  const Page = pageAt(path);
  return <PageNavigationProvider value={navigation}>{Page ? <Page key={path} /> : null}</PageNavigationProvider>;
}

// Radix Toast's code loads once the page is idle; a toast raised before then waits in the store.
const idle = new Promise<void>((resolve) => whenIdle(resolve, 2000, 500));

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Root element not found");
createRoot(rootElement).render(
  <StrictMode>
    <VisitorPages />
    <LazyToaster after={idle} />
  </StrictMode>,
);

// The service worker precaches the app, for offline use and installation, as the app would.
registerServiceWorker();
