import { CalendarDays } from "lucide-react";
import { useId } from "react";
import type { JournalView } from "./use-journal-view";

/**
 * The floating go-to-date control (SPEC §2): picking a day switches to the day view on that day.
 * A native date input keeps it accessible and gives phones their own picker.
 */
export function GoToDate({ view }: { view: JournalView }) {
  const id = useId();
  return (
    <div className="fixed bottom-[calc(1.5rem+env(safe-area-inset-bottom))] left-[calc(1rem+env(safe-area-inset-left))] z-30">
      <label
        htmlFor={id}
        className="relative flex h-12 items-center gap-2 rounded-full border border-slate-200 bg-white px-4 text-sm font-medium text-slate-700 shadow-lg focus-within:ring-2 focus-within:ring-brand-500"
      >
        <CalendarDays className="size-5" aria-hidden />
        <span>Go to date</span>
        <input
          id={id}
          type="date"
          max={view.todayKey}
          value={view.dayKey}
          onClick={(e) => {
            try {
              e.currentTarget.showPicker();
            } catch {
              // Older browsers open their picker on their own.
            }
          }}
          onChange={(e) => {
            if (e.target.value) view.goToDay(e.target.value);
          }}
          className="absolute inset-0 cursor-pointer opacity-0"
        />
      </label>
    </div>
  );
}
