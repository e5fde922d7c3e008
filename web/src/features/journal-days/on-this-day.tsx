import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { OnThisDayGroup } from "@vj/core";
import { History } from "lucide-react";
import { cn } from "../../lib/cn";
import { useOnline } from "../../lib/use-online";
import { noteLink } from "../journal-view/links";
import { applyChanges } from "../outbox/overlay";
import { usePendingChanges } from "../outbox/use-outbox";
import { OfflineMark } from "./offline-mark";
import { journalDayQueries } from "./queries";

function groupLabel(g: OnThisDayGroup, locale?: string): string {
  const date = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(Date.parse(`${g.date}T00:00:00Z`));
  const ago = g.kind === "month" ? "One month ago" : g.yearsAgo === 1 ? "One year ago" : `${g.yearsAgo} years ago`;
  return `${ago} · ${date}`;
}

/**
 * "On this day" (DESIGN §14): the notes of the same date in earlier years and of one month ago,
 * each with its collection and the first line of its transcript, opening the note. Nothing at all
 * shows when there is nothing to look back to (or, offline, nothing kept on this device).
 */
export function OnThisDay({ todayKey, timeZone, className }: { todayKey: string; timeZone: string; className?: string }) {
  const online = useOnline();
  const look = useQuery(journalDayQueries.onThisDay(todayKey, timeZone));
  const changes = usePendingChanges();
  // As the person left them here: a note renamed or deleted on this device shows so at once.
  const groups = (look.data?.groups ?? [])
    .map((g) => {
      const notes = applyChanges(g.notes, changes, "note");
      return { ...g, notes, total: g.total - (g.notes.length - notes.length) };
    })
    .filter((g) => g.total > 0);
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="on-this-day-heading" className={cn("rounded-2xl border border-slate-200 bg-white p-4 shadow-sm", className)} data-testid="on-this-day">
      <h2 id="on-this-day-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <History className="size-4 text-slate-500" aria-hidden />
        On this day
      </h2>
      <ol className="mt-3 flex flex-col gap-4">
        {groups.map((g) => (
          <li key={g.date}>
            <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">{groupLabel(g)}</h3>
            <ul className="mt-1.5 flex flex-col gap-1.5">
              {g.notes.map((note) => (
                <li key={note.id}>
                  <Link
                    {...noteLink({ slug: note.domainSlug }, note, timeZone)}
                    className="block rounded-lg border border-slate-100 px-3 py-2 hover:border-slate-200 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                  >
                    <span className="flex items-center gap-1.5 text-xs text-slate-500">
                      <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: note.domainColor }} aria-hidden />
                      {note.domainName}
                    </span>
                    <span className="mt-0.5 block truncate text-sm font-medium text-slate-900">{note.title}</span>
                    {note.firstLine ? <span className="mt-0.5 block truncate text-sm text-slate-600">{note.firstLine}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
            {g.total > g.notes.length ? (
              <p className="mt-1 text-xs text-slate-500">
                and {g.total - g.notes.length} more that day
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {!online ? <OfflineMark savedAt={look.dataUpdatedAt} /> : null}
    </section>
  );
}
