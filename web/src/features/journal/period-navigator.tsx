import { ChevronLeft, ChevronRight } from "lucide-react";
import { isNextPeriodDisabled, periodHeadline, periodSubLabel } from "@vj/core";
import type { JournalView } from "./use-journal-view";

/** Previous / next with the spec's headline and sub-label; Next is disabled when the next period starts in the future. */
export function PeriodNavigator({ view }: { view: JournalView }) {
  const now = new Date();
  const nextDisabled = isNextPeriodDisabled(view.period, view.periodKey, view.timeZone, now);
  const button =
    "flex size-10 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div className="flex items-center justify-between gap-3">
      <button type="button" className={button} aria-label={`Previous ${view.period}`} onClick={() => view.shift(-1)}>
        <ChevronLeft className="size-5" aria-hidden />
      </button>
      <div className="min-w-0 text-center" aria-live="polite">
        <h2 className="truncate text-lg font-semibold text-slate-900 sm:text-xl" data-testid="period-headline">
          {periodHeadline(view.period, view.periodKey, view.timeZone, now)}
        </h2>
        <p className="text-sm text-slate-500" data-testid="period-sublabel">
          {periodSubLabel(view.period, view.periodKey)}
        </p>
      </div>
      <button
        type="button"
        className={button}
        aria-label={`Next ${view.period}`}
        disabled={nextDisabled}
        onClick={() => view.shift(1)}
      >
        <ChevronRight className="size-5" aria-hidden />
      </button>
    </div>
  );
}
