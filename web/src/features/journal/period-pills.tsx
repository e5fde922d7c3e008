import { PERIODS, type Period } from "@vj/core";
import { cn } from "../../lib/cn";

const LABELS: Record<Period, string> = { day: "Day", week: "Week", month: "Month" };

/** Day / Week / Month (SPEC §2); the collection colour tints the active pill. */
export function PeriodPills({ value, color, onChange }: { value: Period; color: string; onChange(period: Period): void }) {
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-full bg-slate-100 p-1">
      {PERIODS.map((period) => {
        const active = period === value;
        return (
          <button
            key={period}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(period)}
            style={active ? { backgroundColor: color } : undefined}
            className={cn(
              "h-9 min-w-16 rounded-full px-4 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
              active ? "text-white shadow-sm" : "text-slate-600 hover:text-slate-900",
            )}
          >
            {LABELS[period]}
          </button>
        );
      })}
    </div>
  );
}
