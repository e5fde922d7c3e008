import { useEffect, useState, type ComponentType } from "react";
import { sharedImport } from "../../lib/retry-import";

const loadToaster = sharedImport(() => import("./toaster"));

/**
 * Radix Toast renders nothing until the first toast, so its code loads once `after` has resolved
 * (the first screen is up); toasts raised before then wait in the store. A load that fails (the
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
