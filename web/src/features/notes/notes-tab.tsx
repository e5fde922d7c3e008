import { useInfiniteQuery } from "@tanstack/react-query";
import type { Domain } from "@vj/core";
import type { JournalView } from "../journal/use-journal-view";
import { PendingUploads } from "../outbox/pending-uploads";
import { noteQueries } from "./queries";

/** The Notes tab (SPEC §2) — placeholder list until the notes work lands. */
export function NotesTab({ collection, view }: { collection: Domain; view: JournalView }) {
  const notes = useInfiniteQuery(noteQueries.list({ domainId: collection.id, period: view.period, periodKey: view.periodKey }));
  const list = notes.data?.pages.flatMap((p) => p.notes) ?? [];
  return (
    <div className="space-y-3">
      <PendingUploads collection={collection} />
      {list.length === 0 ? <p>No voice notes yet</p> : null}
      {list.map((note) => (
        <article key={note.id} className="rounded-xl border bg-white p-4">
          <h3 className="font-semibold">{note.title}</h3>
          <p>{note.transcription}</p>
        </article>
      ))}
    </div>
  );
}
