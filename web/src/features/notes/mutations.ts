import { useEffect } from "react";
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { type UpdateVoiceNoteInput, type VoiceNote } from "@vj/core";
import { toast } from "../../lib/toast-store";
import { useAuth } from "../auth/auth-provider";
import type { PendingChange } from "../outbox/outbox-db";
import { makeChange } from "../outbox/page-outbox";
import { noteKeys } from "./keys";
import type { NotesPage } from "./queries";
import { hasWaitingNoteEdits, notesWithWaitingEdits } from "./waiting-in-cache";

/**
 * Every change to a note goes through the outbox (DESIGN §13): kept on the device first, shown
 * at once in every cached list, sent now or when the connection is back, applied once by the
 * server. The lists keep showing waiting changes over any refetch (notes-tab.tsx).
 */

/** The change, as the person sees it, in every cached notes list at once. */
function patchCachedNotes(queryClient: QueryClient, id: string, patch: ((note: VoiceNote) => VoiceNote | null)): void {
  queryClient.setQueriesData<InfiniteData<NotesPage>>({ queryKey: noteKeys.all }, (data) => {
    if (!data || !Array.isArray(data.pages)) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        notes: page.notes.flatMap((note) => {
          if (note.id !== id) return [note];
          const next = patch(note);
          return next ? [next] : [];
        }),
      })),
    };
  });
}

/**
 * While an edit or a delete waits in the outbox, the cached lists hold it too, not only the
 * overlay drawn over them (the server holds it once delivered). Else a list restored from before
 * it (a reload sooner than the cache is saved) or refetched while it waited would show the older
 * title the moment it is delivered, until the refresh after delivery lands; and an edit made then
 * would carry that older title as its base, and be refused as made on another version.
 * `listData`: the shown list's data, so a refetch that lands while the change waits is written over too.
 */
export function useWaitingEditsInCache(changes: readonly PendingChange[] | undefined, listData: unknown): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!changes || !hasWaitingNoteEdits(changes)) return;
    for (const [queryKey, data] of queryClient.getQueriesData<InfiniteData<NotesPage>>({ queryKey: noteKeys.all })) {
      const next = notesWithWaitingEdits(data, changes);
      if (next !== data) queryClient.setQueryData(queryKey, next);
    }
  }, [queryClient, changes, listData]);
}

function useOwner(): string {
  const ownerId = useAuth().user?.id;
  if (!ownerId) throw new Error("Not signed in");
  return ownerId;
}

/**
 * A rename or a transcript edit. It carries the text it was made from, so an edit made on an
 * older version is refused by the server instead of overwriting another device's words.
 */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  const ownerId = useOwner();
  const mutation = useMutation({
    // Kept on the device, not sent by this call: it runs offline too (TanStack pauses online-only ones).
    networkMode: "always",
    mutationFn: async ({ note, changes }: { note: VoiceNote; changes: UpdateVoiceNoteInput }) => {
      const body: Record<string, unknown> = { ...changes };
      if (changes.title !== undefined) body.baseTitle = note.title;
      if (changes.transcription !== undefined) body.baseTranscription = note.transcription;
      await makeChange({ ownerId, target: { type: "note", id: note.id }, action: "update", method: "PATCH", path: `/api/voice-notes/${note.id}`, body });
    },
    // Not even kept on the device (storage refused): the lists show what the server has again.
    onError: () => void queryClient.invalidateQueries({ queryKey: noteKeys.all }),
  });
  /** Shown in the same task as the tap (the next frame), then kept in the outbox. */
  const save = (note: VoiceNote, changes: UpdateVoiceNoteInput): Promise<void> => {
    patchCachedNotes(queryClient, note.id, (n) => ({ ...n, ...changes }));
    mutation.mutate({ note, changes });
    return Promise.resolve();
  };
  return { ...mutation, save };
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  const ownerId = useOwner();
  return useMutation({
    // Kept on the device, not sent by this call: it runs offline too (TanStack pauses online-only ones).
    networkMode: "always",
    mutationFn: async (note: VoiceNote) => {
      const { id } = note;
      // Where it was counted: the collection's and the calendar's figures drop at once.
      const counted = { domainId: note.domainId, createdAt: note.createdAt, duration: note.duration, transcribed: note.isTranscribed };
      await makeChange({ ownerId, target: { type: "note", id }, action: "delete", method: "DELETE", path: `/api/voice-notes/${id}`, counted });
      patchCachedNotes(queryClient, id, () => null);
    },
    onError: () => toast({ variant: "destructive", title: "Error", description: "Failed to delete the recording. Please try again." }),
  });
}

/** Asks the server to transcribe a failed note again; the list then polls until it is done. */
export function useRetryTranscription() {
  const queryClient = useQueryClient();
  const ownerId = useOwner();
  return useMutation({
    // Kept on the device, not sent by this call: it runs offline too (TanStack pauses online-only ones).
    networkMode: "always",
    mutationFn: async (id: string) => {
      await makeChange({ ownerId, target: { type: "note", id }, action: "retranscribe", method: "POST", path: `/api/voice-notes/${id}/transcribe` });
      patchCachedNotes(queryClient, id, (n) => ({ ...n, isTranscribing: true, isError: false, error: null }));
    },
    onError: () => toast({ variant: "destructive", title: "Error", description: "Could not retry the transcription. Please try again." }),
  });
}
