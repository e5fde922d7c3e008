import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiOpen } from "../../lib/api-client";
import { startChangeStream, type ChangeEvent } from "../../lib/change-stream";
import { anyTranscribing, noteKeys, type NotesPage } from "../notes/queries";
import { summaryKeys } from "../summaries/queries";
import type { Summary } from "@vj/core";

type NotesData = { pages: NotesPage[] } | undefined;

/** Lists that are waiting on the server: a note still transcribing, a summary still being written. */
const waitingNotes = (data: unknown) => anyTranscribing(((data as NotesData)?.pages ?? []).flatMap((p) => p.notes));
const waitingSummaries = (data: unknown) => Array.isArray(data) && (data as Summary[]).some((s) => s.status === "pending");

/** What a change means for the cached lists: the ones it may touch are read again (active ones at once). */
export function applyChange(queryClient: QueryClient, event: ChangeEvent): void {
  const notes = () => void queryClient.invalidateQueries({ queryKey: noteKeys.all });
  const summaries = () => void queryClient.invalidateQueries({ queryKey: summaryKeys.all });
  switch (event.kind) {
    case "note":
      return notes();
    case "summary":
      return summaries();
    case "resync":
      notes();
      return summaries();
    case "ready":
      if (event.reconnected) {
        // Whatever changed while there was no stream.
        notes();
        return summaries();
      }
      // The first stream of the page: only what may have finished between the lists' first read and now.
      void queryClient.invalidateQueries({ queryKey: noteKeys.all, predicate: (q) => waitingNotes(q.state.data) });
      void queryClient.invalidateQueries({ queryKey: summaryKeys.all, predicate: (q) => waitingSummaries(q.state.data) });
  }
}

/**
 * While someone is signed in, the page keeps one events stream open (issue 21): a transcript or
 * summary shows the moment it is ready, and the lists' few-second polls slow down. It reconnects
 * when the browser is back online or the page is shown again.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stream = startChangeStream({
      open: (signal) => apiOpen("/api/events", { method: "GET", signal }),
      isOnline: () => navigator.onLine,
      onEvent: (event) => applyChange(queryClient, event),
    });
    const reconnect = () => {
      if (document.visibilityState === "visible") stream.reconnect();
    };
    window.addEventListener("online", reconnect);
    document.addEventListener("visibilitychange", reconnect);
    return () => {
      stream.stop();
      window.removeEventListener("online", reconnect);
      document.removeEventListener("visibilitychange", reconnect);
    };
  }, [queryClient]);
}
