import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiOpen } from "../../lib/api-client";
import { startChangeStream, type ChangeEvent } from "../../lib/change-stream";
import { noteKeys } from "../notes/queries";
import { summaryKeys } from "../summaries/queries";

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
    case "ready":
      // Whatever changed before this stream was there to say so: the lists were read before it
      // opened (on the page's first stream) or while it was down (a reconnect).
      notes();
      return summaries();
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
