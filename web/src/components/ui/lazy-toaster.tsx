import { useEffect, useState, type ComponentType } from "react";
import { sharedImport } from "../../lib/retry-import";

const loadToaster = sharedImport(() => import("./toaster"));

/**
 * The toasts' code, fetched for a screen that must not show before it: one try, settled either way
 * (a failure is LazyToaster's to retry). The signed-in screen waits for it: a recording made the
 * moment that screen appears may meet a cut connection at once, and its toast ("Saved Offline")
 * cannot wait for code that no longer arrives (WebKit's first visit is not yet under the service
 * worker). It loads beside the route's own chunks, so it rarely adds to the wait.
 */
export function preloadToaster(): Promise<void> {
  return import("./toaster").then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Radix Toast renders nothing until the first toast, so it mounts once `after` has resolved (the
 * first screen is up); toasts raised before then wait in the store. A load that fails (the
 * connection dropped before the build was cached) is tried again whenever the browser comes back
 * online: the screen goes on without toasts meanwhile, never to the error screen.
 */
export function LazyToaster({ after }: { after: Promise<void> }) {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void loadToaster().then(
        (m) => live && setToaster(() => m.Toaster),
        () => undefined,
      );
    void after.then(() => live && load());
    window.addEventListener("online", load);
    return () => {
      live = false;
      window.removeEventListener("online", load);
    };
  }, [after]);
  return Toaster ? <Toaster /> : null;
}
