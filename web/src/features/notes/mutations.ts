import { type UpdateVoiceNoteInput } from "@vj/core";
import { answerSchema, apiRequest } from "../../lib/api-client";
import { useAppMutation } from "../../lib/mutation";
import { noteKeys } from "./queries";

/** SPEC §8: note update errors are ignored (the list refresh shows what the server kept). */
export function useUpdateNote() {
  return useAppMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateVoiceNoteInput }) =>
      apiRequest(`/api/voice-notes/${id}`, { method: "PATCH", body: changes, schema: answerSchema((s) => s.voiceNoteSchema) }),
    invalidate: () => [noteKeys.all],
    invalidateOnError: true,
  });
}

export function useDeleteNote() {
  return useAppMutation({
    mutationFn: (id: string) => apiRequest(`/api/voice-notes/${id}`, { method: "DELETE", schema: answerSchema((s) => s.successSchema) }),
    invalidate: () => [noteKeys.all, ["domains"]],
    failure: { title: "Error", description: "Failed to delete the recording. Please try again." },
  });
}

/** Asks the server to transcribe a failed note again; the list then polls until it is done. */
export function useRetryTranscription() {
  return useAppMutation({
    mutationFn: (id: string) => apiRequest(`/api/voice-notes/${id}/transcribe`, { method: "POST", schema: answerSchema((s) => s.voiceNoteSchema) }),
    invalidate: () => [noteKeys.all],
    failure: { title: "Error", description: "Could not retry the transcription. Please try again." },
  });
}
