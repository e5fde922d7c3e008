import { CheckCircle2 } from "lucide-react";
import { BrandMark } from "./brand-mark";
import { Card } from "./ui/card";
import { LogoutButton } from "../features/auth/logout-button";
import { useAuth } from "../features/auth/auth-provider";

/** Stands in for the collection screens until they are built: proves who is signed in and offers Logout. */
export function SignedInPlaceholder() {
  const { user } = useAuth();
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
          <BrandMark />
          <LogoutButton />
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-16">
        <Card className="mx-auto max-w-lg text-center">
          <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
            <CheckCircle2 className="size-6" aria-hidden />
          </div>
          <h1 className="text-xl font-semibold text-slate-900">You're signed in</h1>
          <p className="mt-2 text-sm text-slate-600">Signed in as</p>
          <p className="mt-1 text-base [overflow-wrap:anywhere] font-medium text-slate-900" data-testid="user-email">
            {user?.email}
          </p>
          <p className="mt-6 text-sm text-balance text-slate-500">Your collections and recordings will appear here.</p>
        </Card>
      </main>
    </div>
  );
}
