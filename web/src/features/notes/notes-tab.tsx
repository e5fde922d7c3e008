import { useEffect } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { Domain } from "@vj/core";
import { Spinner } from "../../components/ui/spinner";
import type { JournalView } from "../journal-view/use-journal-view";
import { PendingUploads } from "../outbox/pending-uploads";
import { applyChanges, isUnsentCreate, syncMarks } from "../outbox/overlay";
import { usePendingChangesRead } from "../outbox/use-outbox";
import { NoteCard } from "./note-card";
import { useWaitingEditsInCache } from "./mutations";
import { useOnline } from "../../lib/use-online";
import { NoteSkeletons, NotesEmpty, NotesLoadError, NotesOffline } from "./notes-states";
import { notesListState } from "./notes-list-state";
import { noteQueries } from "./queries";
import { useLoadMore } from "./use-load-more";

/** The Notes tab (SPEC §2): pending uploads, then the period's notes newest first, paged as the person scrolls. */
export function NotesTab({ collection, view }: { collection: Domain; view: JournalView }) {
  // The person's waiting changes over what the server last said: a refetch never undoes them, and
  // nothing is listed before they are known.
  const read = usePendingChangesRead();
  const changes = read ?? [];
  // A collection made on this device that the server does not have yet: nothing to ask for, none to show.
  const unsent = isUnsentCreate(changes, "collection", collection.id);
  const notes = useInfiniteQuery({ ...noteQueries.list({ domainId: collection.id, period: view.period, periodKey: view.periodKey }), enabled: !unsent });
  useWaitingEditsInCache(read, notes.data);
  const sentinel = useLoadMore({
    hasNextPage: notes.hasNextPage,
    isFetchingNextPage: notes.isFetchingNextPage,
    fetchNextPage: notes.fetchNextPage,
  });
  const marks = syncMarks(changes);
  const list = applyChanges(notes.data?.pages.flatMap((p) => p.notes) ?? [], changes, "note");
  // A note opened from a search hit or a citation may lie past the first page of its day: the
  // pages load on, one after another, until it is there (it then scrolls itself into view).
  const wanted = view.highlightNoteId;
  const missing = wanted != null && !list.some((n) => n.id === wanted);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = notes;
  useEffect(() => {
    if (missing && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [missing, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const online = useOnline();
  const state = notesListState({ isPending: (notes.isPending && !unsent) || read === undefined, isError: notes.isError, error: notes.error, count: list.length, online });
  // One "now" per render, so every card agrees on what Today and Yesterday are.
  const now = new Date();

  return (
    <div className="space-y-3">
      <PendingUploads collection={collection} />
      {state === "loading" ? (
        <NoteSkeletons />
      ) : state === "offline" ? (
        <NotesOffline onRetry={() => void notes.refetch()} />
      ) : state === "error" ? (
        <NotesLoadError onRetry={() => void notes.refetch()} />
      ) : state === "empty" ? (
        <NotesEmpty />
      ) : (
        <>
          <ul className="space-y-3" aria-label="Voice notes">
            {list.map((note) => (
              <li key={note.id}>
                <NoteCard note={note} timeZone={view.timeZone} now={now} highlighted={note.id === view.highlightNoteId} mark={marks.get(`note:${note.id}`)} />
              </li>
            ))}
          </ul>
          {notes.hasNextPage ? (
            <div ref={sentinel} className="flex justify-center py-3">
              {notes.isFetchingNextPage ? (
                <span role="status" className="flex items-center gap-2 text-sm text-slate-500">
                  <Spinner className="size-4" />
                  Loading more notes...
                </span>
              ) : (
                // The observer loads on scroll; the button is there for keyboards and when it cannot.
                <button
                  type="button"
                  onClick={() => void notes.fetchNextPage()}
                  className="h-10 rounded-lg px-4 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  Load more notes
                </button>
              )}
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
