import { startTransition, useEffect, useState } from "react";
import { ArrowRight, Lock, WifiOff } from "lucide-react";
import { BrandMark } from "../../components/brand-mark";
import { cn } from "../../lib/cn";
import { PageLink } from "../../lib/page-navigation";
import { HeroPreview } from "./hero-preview";
import { UseCaseTabs } from "./use-case-tabs";
import { STEPS } from "./use-cases";
import { showsPrerenderedPage, useTakeOverPrerenderedPage } from "../../lib/prerender-takeover";
import { landingSignupLine, useSignupStatus } from "../auth/signup-policy";

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2";
const primaryCta = cn(
  "inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-brand-600 px-6 text-base font-semibold text-white shadow-lg shadow-brand-600/25 transition-colors hover:bg-brand-700",
  focusRing,
);

/** The visitor's landing page (SPEC §1, §2): header, hero, the four use cases, the three steps, a closing call. */
export function LandingPage() {
  // The hero paints first; the sections below it (most of the page) follow in a transition, in
  // slices that leave the main thread free, so the first screen is not one long task. Whole at
  // once when prerendered (on the server) or taking over the prerendered page, which the person
  // may have scrolled.
  const [belowHero, setBelowHero] = useState(() => typeof document === "undefined" || showsPrerenderedPage());
  useEffect(() => startTransition(() => setBelowHero(true)), []);
  useTakeOverPrerenderedPage();
  return (
    <div className="min-h-dvh bg-white text-slate-900">
      <LandingHeader />
      <main>
        <Hero />
        {belowHero && (
          <>
            <section aria-labelledby="use-cases-title" className="bg-slate-50 px-4 py-16 sm:px-6 sm:py-24">
              <div className="mx-auto max-w-6xl">
                <div className="mx-auto max-w-2xl text-center">
                  <h2 id="use-cases-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
                    One journal for every part of your life
                  </h2>
                  <p className="mt-4 text-lg text-slate-600">
                    Keep separate collections for work, growth, ideas and travel. Each one gets its own summaries.
                  </p>
                </div>
                <UseCaseTabs />
              </div>
            </section>
            <HowItWorks />
            <ClosingCall />
          </>
        )}
      </main>
      {belowHero && <LandingFooter />}
    </div>
  );
}

function LandingHeader() {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-100 bg-white/90 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <BrandMark className="[&>span:last-child]:hidden min-[380px]:[&>span:last-child]:inline" />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <PageLink
            to="/auth/login"
            className={cn("inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:px-4", focusRing)}
          >
            Log In
          </PageLink>
          <PageLink
            to="/auth/signup"
            className={cn("inline-flex h-10 items-center rounded-lg bg-slate-900 px-3 text-sm font-medium text-white hover:bg-slate-700 sm:px-4", focusRing)}
          >
            Sign Up
          </PageLink>
        </nav>
      </div>
    </header>
  );
}

function Hero() {
  // Where sign-ups are by invitation or closed, the line beside the sign-up button says so.
  const limited = landingSignupLine(useSignupStatus(false));
  return (
    <section className="relative overflow-hidden px-4 pb-16 pt-12 sm:px-6 sm:pb-24 sm:pt-20">
      <div
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--color-brand-100),transparent)]"
        aria-hidden
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden />
            Your AI voice journal
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Speak your thoughts. <span className="text-brand-600">Keep every insight.</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-slate-600 lg:mx-0">
            Record a voice note in seconds. Voice Journal transcribes it, files it in the right collection and writes
            daily, weekly and monthly summaries of what matters to you.
          </p>
          <div className="mt-8 flex flex-col items-center gap-4 sm:flex-row sm:justify-center lg:justify-start">
            <PageLink to="/auth/signup" className={primaryCta}>
              Start Recording Now
              <ArrowRight className="size-5" aria-hidden />
            </PageLink>
            {limited ? (
              <p className="text-sm font-medium text-amber-800" data-testid="signup-policy-line">
                {limited}
              </p>
            ) : (
              <p className="text-sm text-slate-500">Free to start · No credit card</p>
            )}
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-600 lg:justify-start">
            <li className="flex items-center gap-2">
              <WifiOff className="size-4 text-slate-500" aria-hidden /> Records offline
            </li>
            <li className="flex items-center gap-2">
              <Lock className="size-4 text-slate-500" aria-hidden /> Private to your account
            </li>
          </ul>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            How it works
          </h2>
          <p className="mt-4 text-lg text-slate-600">Three steps from a passing thought to lasting knowledge.</p>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="relative rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <div className="flex items-center gap-4">
                <span className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-violet-600 text-white shadow-md shadow-brand-600/20">
                  <step.icon className="size-6" aria-hidden />
                </span>
                <span className="text-sm font-semibold text-brand-700">Step {i + 1}</span>
              </div>
              <h3 className="mt-5 text-xl font-semibold">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function ClosingCall() {
  return (
    <section className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-violet-800 px-6 py-14 text-center text-white shadow-xl sm:px-12 sm:py-20">
        <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Your thoughts deserve to be remembered</h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
          Start your first collection in under a minute and hear yourself think more clearly.
        </p>
        <PageLink
          to="/auth/signup"
          className={cn(
            "mt-8 inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-white px-6 text-base font-semibold text-brand-700 shadow-lg hover:bg-brand-50",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-700",
          )}
        >
          Get Started Free
          <ArrowRight className="size-5" aria-hidden />
        </PageLink>
      </div>
    </section>
  );
}

function LandingFooter() {
  return (
    <footer className="border-t border-slate-100 px-4 pb-[calc(2rem+env(safe-area-inset-bottom))] pt-8 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 text-sm text-slate-500 sm:flex-row">
        <BrandMark />
        <p>© {new Date().getFullYear()} Voice Journal. Speak, reflect, grow.</p>
        <nav aria-label="Footer" className="flex gap-4">
          <PageLink to="/auth/login" className={cn("rounded hover:text-slate-900", focusRing)}>
            Log In
          </PageLink>
          <PageLink to="/auth/signup" className={cn("rounded hover:text-slate-900", focusRing)}>
            Sign Up
          </PageLink>
        </nav>
      </div>
    </footer>
  );
}
