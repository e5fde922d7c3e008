import { Component, type ErrorInfo, type ReactNode } from "react";
import { AlertTriangle } from "lucide-react";
import { Button } from "./ui/button";
import { MessageCard } from "./ui/message-card";

/** SPEC §2: the generic error screen. */
export function ErrorScreen() {
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
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Unhandled render error", error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
