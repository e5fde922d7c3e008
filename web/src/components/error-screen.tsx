import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from "react";
import { AlertTriangle } from "lucide-react";
import { reloadForNewBuild, shouldReloadForNewBuild } from "../lib/stale-build";
import { Button } from "./ui/button";
import { MessageCard } from "./ui/message-card";

/**
 * SPEC §2: the generic error screen. A route whose code a deploy replaced reloads the page once for
 * the new build instead (lib/stale-build); the screen shows if the reloaded page fails the same way.
 */
export function ErrorScreen({ error }: { error?: unknown }) {
  const [reloading, setReloading] = useState(() => shouldReloadForNewBuild(error));
  useEffect(() => {
    if (reloading && !reloadForNewBuild(error)) setReloading(false);
  }, [error, reloading]);
  if (reloading) return null;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <MessageCard icon={AlertTriangle} tone="red" title="Something went wrong" heading="h1" variant="card" className="w-full max-w-md">
        <p className="mt-2 text-sm text-slate-600">
          There was an error loading the page. Please try refreshing or clearing your browser cache.
        </p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </MessageCard>
    </div>
  );
}

/** Catches render errors outside the router (providers, the loading phase); the router has its own. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean; error?: unknown }> {
  override state: { failed: boolean; error?: unknown } = { failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Unhandled render error", error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
