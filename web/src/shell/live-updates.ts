import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiOpen } from "../lib/api-client";
import { startChangeStream, type ChangeEvent } from "../lib/change-stream";
import { whenIdle } from "../lib/when-idle";
import { noteKeys } from "../features/notes/queries";
import { summaryKeys } from "../features/summaries/queries";

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
 * While someone is signed in, the page keeps one events stream open: a transcript or
 * summary shows the moment it is ready, and the lists' few-second polls slow down. It reconnects
 * when the browser is back online or the page is shown again.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stream: ReturnType<typeof startChangeStream> | undefined;
    const cancelStart = whenPageSettled(() => {
      stream = startChangeStream({
        open: (signal) => apiOpen("/api/events", { method: "GET", signal }),
        isOnline: () => navigator.onLine,
        onEvent: (event) => applyChange(queryClient, event),
      });
    });
    const reconnect = () => {
      if (document.visibilityState === "visible") stream?.reconnect();
    };
    window.addEventListener("online", reconnect);
    document.addEventListener("visibilitychange", reconnect);
    return () => {
      cancelStart();
      stream?.stop();
      window.removeEventListener("online", reconnect);
      document.removeEventListener("visibilitychange", reconnect);
    };
  }, [queryClient]);
}

/** After the page's load and first idle moment, this much later the stream opens. */
export const LIVE_START_DELAY_MS = 3000;

/**
 * The first screen does not need the stream (its lists were just read, and the first `ready`
 * reads them again): it opens once the page has loaded, gone idle and waited a moment, so the
 * first load's own requests and work come first and a long-lived request does not keep a
 * loading page from counting as loaded.
 */
function whenPageSettled(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle: (() => void) | undefined;
  const afterLoad = () => {
    cancelIdle = whenIdle(() => (timer = setTimeout(run, LIVE_START_DELAY_MS)), 5000, 0);
  };
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
  return () => {
    window.removeEventListener("load", afterLoad);
    cancelIdle?.();
    clearTimeout(timer);
  };
}
