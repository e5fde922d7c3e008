import type { Domain } from "@vj/core";
import { Dialog } from "../../components/ui/dialog";
import type { JournalView } from "../journal-view/use-journal-view";
import { MonthCalendar } from "./month-calendar";

/** The month calendar as a sheet, opened from the period headline (phones, where there is no rail). */
export function CalendarSheet({ open, onOpenChange, view, collection }: { open: boolean; onOpenChange(open: boolean): void; view: JournalView; collection: Domain }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Calendar" description="Tap a day to open it.">
      <MonthCalendar view={view} collection={collection} onPicked={() => onOpenChange(false)} />
    </Dialog>
  );
}
