import { CalendarDays } from "lucide-react";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import type { JournalView } from "../journal-view/use-journal-view";

const CONTROL =
  "relative flex h-12 items-center gap-2 rounded-full border border-slate-200 bg-white px-4 text-sm font-medium text-slate-700 shadow-lg focus-within:ring-2 focus-within:ring-brand-500";

function openPicker(input: HTMLInputElement): void {
  try {
    input.showPicker();
  } catch {
    // Older browsers open their picker on their own.
  }
}

/**
 * The floating go-to-date control (SPEC §2): picking a day switches to the day view on that day.
 * A native date input keeps it accessible and gives phones their own picker.
 *
 * The first screen shows a button that looks the same: a page's first native date input builds
 * its shadow tree and the browser's date-field styles, 20 ms of the main screen's first style and
 * layout on a slow phone-class host, one task that Lighthouse's 4× slowdown turns into blocking
 * time. The first click, tap or Enter swaps the input in, focused, and opens its
 * picker; later clicks land on the input itself. Nothing swaps on hover: an input put in under a
 * pressed mouse button would split the press from its release, and the click would be lost.
 */
export function GoToDate({ view, className }: { view: JournalView; className?: string }) {
  const id = useId();
  const [armed, setArmed] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!armed || !input) return;
    input.focus();
    openPicker(input);
  }, [armed]);

  const content = (
    <>
      <CalendarDays className="size-5" aria-hidden />
      <span>Go to date</span>
    </>
  );
  return (
    <div data-floating-control className={cn("fixed bottom-[calc(1.5rem+env(safe-area-inset-bottom))] left-[calc(1rem+env(safe-area-inset-left))] z-30", className)}>
      {armed ? (
        <label htmlFor={id} className={CONTROL}>
          {content}
          <input
            ref={inputRef}
            id={id}
            type="date"
            max={view.todayKey}
            value={view.dayKey}
            onClick={(e) => openPicker(e.currentTarget)}
            onChange={(e) => {
              if (e.target.value) view.goToDay(e.target.value);
            }}
            className="absolute inset-0 cursor-pointer opacity-0"
          />
        </label>
      ) : (
        <button
          type="button"
          className={`${CONTROL} cursor-pointer`}
          onClick={() => setArmed(true)}
        >
          {content}
        </button>
      )}
    </div>
  );
}
