import { ChevronLeft, ChevronRight } from "lucide-react";
import { navigatorLabels } from "../journal-view/navigator-labels";
import type { JournalView } from "../journal-view/use-journal-view";

const LABELS = { day: "day", week: "week", month: "month" } as const;

/** Previous / next with the spec's headline and sub-label; Next is disabled when the next period starts in the future. */
export function PeriodNavigator({ view }: { view: JournalView }) {
  const { headline, subLabel, nextDisabled } = navigatorLabels(view.period, view.dayKey, view.timeZone, new Date());
  const button =
    "flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent";
  return (
    <nav aria-label="Change period" className="flex items-center justify-between gap-2 rounded-2xl border border-slate-200 bg-white px-2 py-2 shadow-sm">
      <button type="button" className={button} aria-label={`Previous ${LABELS[view.period]}`} onClick={() => view.shift(-1)}>
        <ChevronLeft className="size-5" aria-hidden />
      </button>
      <div className="min-w-0 text-center" aria-live="polite" aria-atomic="true">
        <h2 className="truncate text-lg font-semibold text-slate-900 sm:text-xl" data-testid="period-headline">
          {headline}
        </h2>
        <p className="truncate text-sm text-slate-500" data-testid="period-sublabel">
          {subLabel}
        </p>
      </div>
      <button
        type="button"
        className={button}
        aria-label={`Next ${LABELS[view.period]}`}
        disabled={nextDisabled}
        onClick={() => view.shift(1)}
      >
        <ChevronRight className="size-5" aria-hidden />
      </button>
    </nav>
  );
}
