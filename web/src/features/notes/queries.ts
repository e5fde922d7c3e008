import { infiniteQueryOptions } from "@tanstack/react-query";
import { LIST_STALE_TIME_MS, NEXT_CURSOR_HEADER, TRANSCRIPTION_POLL_INTERVAL_MS, type VoiceNote } from "@vj/core";
import { answerSchema, apiFetch, browserTimeZone } from "../../lib/api-client";
import { isChangeStreamLive, LIVE_SAFETY_POLL_MS } from "../../lib/change-stream";
import { noteKeys, type NotesScope } from "./keys";

export { noteKeys, type NotesScope } from "./keys";

export type NotesPage = { notes: VoiceNote[]; nextCursor: string | null };

export async function fetchNotesPage(scope: NotesScope, before: string | null, signal?: AbortSignal): Promise<NotesPage> {
  const { data, headers } = await apiFetch("/api/voice-notes", {
    query: { ...scope, tz: browserTimeZone(), before: before ?? undefined },
    schema: answerSchema((s) => s.voiceNoteListSchema),
    signal,
  });
  return { notes: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

export const anyTranscribing = (notes: readonly VoiceNote[]) => notes.some((n) => n.isTranscribing && !n.isError);

export const noteQueries = {
  /**
   * SPEC §9: fresh 30 s, no refetch on focus; polls every 5 s while any note is transcribing —
   * unless the events stream is open: it says when a transcript is ready, and a slow poll stays
   * as a safety net.
   */
  list: (scope: NotesScope) =>
    infiniteQueryOptions({
      queryKey: noteKeys.list(scope),
      queryFn: ({ pageParam, signal }) => fetchNotesPage(scope, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: LIST_STALE_TIME_MS,
      refetchOnWindowFocus: false,
      refetchInterval: (query) =>
        anyTranscribing(query.state.data?.pages.flatMap((p) => p.notes) ?? [])
          ? isChangeStreamLive()
            ? LIVE_SAFETY_POLL_MS
            : TRANSCRIPTION_POLL_INTERVAL_MS
          : false,
    }),
};
