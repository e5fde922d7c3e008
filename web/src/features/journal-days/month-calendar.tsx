import { useQuery } from "@tanstack/react-query";
import type { Domain } from "@vj/core";
import { ChevronLeft, ChevronRight, Flame } from "lucide-react";
import { useState } from "react";
import { cn } from "../../lib/cn";
import { useOnline } from "../../lib/use-online";
import type { JournalView } from "../journal-view/use-journal-view";
import { dayCountsWithoutDeleted } from "../outbox/overlay";
import { usePendingChanges } from "../outbox/use-outbox";
import { daysInARow, dayLabel, monthLabel, monthWeeks, shiftMonth } from "./month-grid";
import { OfflineMark } from "./offline-mark";
import { journalDayQueries } from "./queries";

const WEEKDAYS = [
  ["S", "Sunday"],
  ["M", "Monday"],
  ["T", "Tuesday"],
  ["W", "Wednesday"],
  ["T", "Thursday"],
  ["F", "Friday"],
  ["S", "Saturday"],
] as const;

const STEP = "flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent";

/**
 * A month of the journal (DESIGN §14): a mark and the count on each day with notes, today
 * outlined, the current and longest streak, in the current collection or (the switch) in all.
 * A tap on a day opens it in the day view. Offline it shows the answer kept on this device, marked.
 */
export function MonthCalendar({ view, collection, onPicked }: { view: JournalView; collection: Domain; onPicked?: () => void }) {
  const todayMonth = view.todayKey.slice(0, 7);
  const [month, setMonth] = useState(() => view.dayKey.slice(0, 7));
  const [everyCollection, setEveryCollection] = useState(false);
  const online = useOnline();
  const shown = everyCollection ? null : collection.id;
  const calendar = useQuery(journalDayQueries.calendar(month, shown, view.timeZone));
  // A note deleted here leaves its day's count at once, before the server has the delete.
  const counts = dayCountsWithoutDeleted(calendar.data?.days ?? [], shown, view.timeZone, usePendingChanges());
  const streak = calendar.data?.streak;
  const label = monthLabel(month);

  return (
    <section aria-labelledby="calendar-heading" data-testid="month-calendar">
      <div className="flex items-center justify-between gap-2">
        <button type="button" className={STEP} aria-label="Earlier month" onClick={() => setMonth(shiftMonth(month, -1))}>
          <ChevronLeft className="size-4" aria-hidden />
        </button>
        <h2 id="calendar-heading" className="text-sm font-semibold text-slate-900" aria-live="polite">
          {label}
        </h2>
        <button type="button" className={STEP} aria-label="Later month" disabled={month >= todayMonth} onClick={() => setMonth(shiftMonth(month, 1))}>
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
      <table className="mt-2 w-full table-fixed border-separate border-spacing-0.5 text-center" aria-label={`Days of ${label}`}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={long} scope="col" className="pb-1 text-xs font-medium text-slate-500">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => (
                <td key={day ?? `pad-${w}-${i}`} className="p-0">
                  {day ? (
                    <DayCell
                      day={day}
                      notes={counts.get(day) ?? 0}
                      isToday={day === view.todayKey}
                      isViewed={day === view.dayKey && view.period === "day"}
                      future={day > view.todayKey}
                      color={collection.primaryColor}
                      onPick={() => {
                        view.goToDay(day);
                        onPicked?.();
                      }}
                    />
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 text-sm font-medium text-slate-800" data-testid="streak">
          <Flame className={cn("size-4", streak?.current ? "text-amber-500" : "text-slate-300")} aria-hidden />
          {streak ? daysInARow(streak.current) : "\u00a0"}
        </p>
        {streak && streak.longest > 0 ? (
          <p className="text-xs text-slate-500" data-testid="longest-streak">
            Longest: {daysInARow(streak.longest)}
          </p>
        ) : null}
      </div>
      <label className="mt-3 flex cursor-pointer items-center justify-between gap-3 text-sm text-slate-700">
        All collections
        <input
          type="checkbox"
          role="switch"
          className="peer sr-only"
          checked={everyCollection}
          onChange={(e) => setEveryCollection(e.target.checked)}
        />
        <span
          aria-hidden
          className="relative h-6 w-10 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-brand-600 peer-checked:after:translate-x-4 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500"
        />
      </label>
      {!online && calendar.data ? <OfflineMark savedAt={calendar.dataUpdatedAt} /> : null}
      {!online && !calendar.data ? <p className="mt-2 text-xs text-slate-500">Offline: the marks show once you are back online.</p> : null}
    </section>
  );
}

function DayCell(p: { day: string; notes: number; isToday: boolean; isViewed: boolean; future: boolean; color: string; onPick(): void }) {
  const name = dayLabel(p.day);
  const number = String(Number(p.day.slice(8)));
  return (
    <button
      type="button"
      disabled={p.future}
      onClick={p.onPick}
      aria-current={p.isViewed ? "date" : undefined}
      data-day={p.day}
      data-notes={p.notes || undefined}
      className={cn(
        "relative flex h-10 w-full flex-col items-center justify-center rounded-lg text-sm tabular-nums text-slate-700 transition-colors hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-default disabled:text-slate-300 disabled:hover:bg-transparent",
        p.isToday && "ring-2 ring-inset ring-slate-800",
        p.isViewed && "bg-slate-100 font-semibold text-slate-900",
      )}
    >
      {/* One text for screen readers (the cell is a column of flex items, which would split it); the
          visible number is part of it. */}
      <span className="sr-only">{`${name}${p.notes ? `, ${p.notes === 1 ? "1 note" : `${p.notes} notes`}` : ""}${p.isToday ? ", today" : ""}`}</span>
      <span aria-hidden>{number}</span>
      {p.notes ? (
        <span aria-hidden className="flex items-center gap-0.5 text-[10px] font-semibold leading-none text-slate-600">
          <span className="size-1.5 rounded-full" style={{ backgroundColor: p.color }} />
          {p.notes > 1 ? p.notes : null}
        </span>
      ) : null}
    </button>
  );
}
