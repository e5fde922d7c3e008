import { Link, useLocation } from "@tanstack/react-router";
import { Card } from "./ui/card";

/** SPEC §2: a signed-in user's unknown path; the debug line helps when someone reports it. */
export function NotFoundPage() {
  const location = useLocation();
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md text-center">
        <h1 className="text-2xl font-semibold text-slate-900">404 Page Not Found</h1>
        <div className="mt-3 space-y-0.5 font-mono text-xs text-slate-500">
          <p className="[overflow-wrap:anywhere]">Path: {location.pathname}</p>
          <p>Time: {new Date().toISOString()}</p>
        </div>
        <Link
          to="/"
          className="mt-6 inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-brand-600 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          Go home
        </Link>
      </Card>
    </div>
  );
}
