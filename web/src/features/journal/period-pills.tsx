import { PERIODS, type Period } from "@vj/core";
import { cn } from "../../lib/cn";
import { readableTextOn, tintOf } from "../journal-view/tint";

const LABELS: Record<Period, string> = { day: "Day", week: "Week", month: "Month" };

/** Day / Week / Month (SPEC §2); the collection colour tints the active pill. */
export function PeriodPills({ value, color, onChange }: { value: Period; color: string; onChange(period: Period): void }) {
  const tint = tintOf(color);
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm">
      {PERIODS.map((period) => {
        const active = period === value;
        return (
          <button
            key={period}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(period)}
            style={active ? { backgroundColor: tint, color: readableTextOn(tint) } : undefined}
            className={cn(
              "h-9 min-w-[4.5rem] rounded-full px-4 text-sm font-medium transition-colors sm:min-w-20",
              "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
              active ? "shadow-sm" : "text-slate-600 hover:bg-slate-50 hover:text-slate-900",
            )}
          >
            {LABELS[period]}
          </button>
        );
      })}
    </div>
  );
}
