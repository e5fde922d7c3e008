import type { Domain } from "@vj/core";
import { ChevronDown, ChevronLeft, ChevronRight } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { navigatorLabels } from "../journal-view/navigator-labels";
import type { JournalView } from "../journal-view/use-journal-view";

const LABELS = { day: "day", week: "week", month: "month" } as const;

// Loaded on the first tap: the calendar is not part of the main screen's first load.
const CalendarSheet = lazy(async () => ({ default: (await import("../journal-days/calendar-sheet")).CalendarSheet }));

/** Previous / next with the spec's headline and sub-label; Next is disabled when the next period starts in the future. */
export function PeriodNavigator({ view, collection }: { view: JournalView; collection: Domain }) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  const { headline, subLabel, nextDisabled } = navigatorLabels(view.period, view.dayKey, view.timeZone, new Date());
  const button =
    "flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent";
  return (
    <nav aria-label="Change period" className="flex items-center justify-between gap-2 rounded-2xl border border-slate-200 bg-white px-2 py-2 shadow-sm">
      <button type="button" className={button} aria-label={`Previous ${LABELS[view.period]}`} onClick={() => view.shift(-1)}>
        <ChevronLeft className="size-5" aria-hidden />
      </button>
      <div className="min-w-0 text-center" aria-live="polite" aria-atomic="true">
        {/* The headline opens the month calendar (the desktop also has it in its rail). */}
        <h2 className="text-lg font-semibold text-slate-900 sm:text-xl">
          <button
            type="button"
            className="inline-flex max-w-full items-center gap-1 rounded-lg px-2 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            aria-haspopup="dialog"
            onClick={() => setCalendarOpen(true)}
          >
            <span className="truncate" data-testid="period-headline">
              {headline}
            </span>
            <span className="sr-only">: open the calendar</span>
            <ChevronDown className="size-4 shrink-0 text-slate-400" aria-hidden />
          </button>
        </h2>
        <p className="truncate text-sm text-slate-500" data-testid="period-sublabel">
          {subLabel}
        </p>
      </div>
      {calendarOpen ? (
        <Suspense fallback={null}>
          <CalendarSheet open={calendarOpen} onOpenChange={setCalendarOpen} view={view} collection={collection} />
        </Suspense>
      ) : null}
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
