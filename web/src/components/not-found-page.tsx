import { Link, useLocation } from "@tanstack/react-router";
import { Compass } from "lucide-react";
import { useState } from "react";
import { BrandMark } from "./brand-mark";
import { Card } from "./ui/card";

/** SPEC §2: a signed-in user's unknown path; the debug lines help when someone reports it. */
export function NotFoundPage() {
  const location = useLocation();
  // The moment the page was reached, not of each re-render.
  const [time] = useState(() => new Date().toISOString());
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-10">
      <BrandMark />
      <Card className="w-full max-w-md text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Compass className="size-6" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold text-slate-900">404 Page Not Found</h1>
        <p className="mt-2 text-sm text-slate-600">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
        <div className="mt-5 space-y-0.5 rounded-lg bg-slate-50 px-3 py-2 text-left font-mono text-xs text-slate-600" data-testid="not-found-debug">
          <p className="[overflow-wrap:anywhere]">Path: {location.pathname}</p>
          <p>Time: {time}</p>
        </div>
        <Link
          to="/"
          className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-600 px-5 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
        >
          Go to my journal
        </Link>
      </Card>
    </div>
  );
}
