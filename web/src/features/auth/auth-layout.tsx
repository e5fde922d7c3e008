import type { ReactNode } from "react";
import { BrandMark } from "../../components/brand-mark";
import { Card } from "../../components/ui/card";
import { useTakeOverPrerenderedPage } from "../../lib/prerender-takeover";

/** The frame shared by the sign-in and sign-up pages: brand on top, one centred card. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer: ReactNode }) {
  // Sign-in and sign-up are prerendered (web/scripts/prerender-pages.mjs).
  useTakeOverPrerenderedPage();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-10 sm:px-6">
        <div className="mb-8 flex justify-center">
          <BrandMark />
        </div>
        <Card>
          <div className="mb-6 space-y-1.5 text-center">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            <p className="text-sm text-balance text-slate-500">{subtitle}</p>
          </div>
          {children}
        </Card>
        <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>
      </main>
    </div>
  );
}
