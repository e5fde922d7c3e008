import type { Domain } from "@vj/core";
import { CollectionRail } from "../collections/collection-rail";
import { MonthCalendar } from "../journal-days/month-calendar";
import { OnThisDay } from "../journal-days/on-this-day";
import type { JournalView } from "../journal-view/use-journal-view";

/**
 * The desktop's left rail (from 1024 px, DESIGN §14): the collections, the month calendar with
 * the streak, and On This Day; the notes and summaries keep the main column.
 */
export function JournalRail({ collection, view }: { collection: Domain; view: JournalView }) {
  return (
    <aside aria-label="Your journal at a glance" className="hidden lg:block">
      <div className="sticky top-6 flex flex-col gap-5 pb-6">
        <CollectionRail current={collection} />
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <MonthCalendar key={view.dayKey.slice(0, 7)} view={view} collection={collection} />
        </div>
        <OnThisDay todayKey={view.todayKey} timeZone={view.timeZone} />
      </div>
    </aside>
  );
}
