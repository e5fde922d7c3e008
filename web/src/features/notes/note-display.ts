import { TRANSCRIPTION_ERROR_PREFIX, countWords, formatDuration, formatNoteTimestamp, type VoiceNote } from "@vj/core";

/**
 * What a note card shows (SPEC §2 "Notes tab"), as pure functions so the rules are tested
 * without a browser. The card component only lays these out.
 */

export const GENERIC_NOTE_ERROR = "An error occurred while processing your recording.";

/** What a note waiting for a transcription engine says to the person (the operator's steps stay in /api/health). */
export const NOT_TRANSCRIBED_REASON = "Transcription isn't set up on this server";

export type NoteBody =
  | { kind: "error"; message: string }
  | { kind: "transcribing" }
  | { kind: "not-transcribed" }
  | { kind: "limit-waiting" }
  | { kind: "transcript"; text: string }
  | { kind: "empty" };

/** A note is in error when the server says so or its text begins with "ERROR:" (SPEC §4). */
export function isNoteInError(note: Pick<VoiceNote, "isError" | "transcription">): boolean {
  return note.isError || (note.transcription?.startsWith(TRANSCRIPTION_ERROR_PREFIX) ?? false);
}

export function noteBody(
  note: Pick<VoiceNote, "isError" | "error" | "isTranscribing" | "transcription"> & { awaitingEngine?: boolean; limitWaitUntil?: string | null },
): NoteBody {
  const text = note.transcription?.trim() ?? "";
  if (isNoteInError(note)) {
    const fromText = note.transcription?.startsWith(TRANSCRIPTION_ERROR_PREFIX)
      ? note.transcription.slice(TRANSCRIPTION_ERROR_PREFIX.length).trim()
      : "";
    return { kind: "error", message: note.error?.trim() || fromText || GENERIC_NOTE_ERROR };
  }
  if (text) return { kind: "transcript", text: note.transcription! };
  if (note.isTranscribing) return { kind: "transcribing" };
  if (note.awaitingEngine) return { kind: "not-transcribed" };
  // Over the account's daily transcription limit: transcribed after its midnight, without a click.
  if (note.limitWaitUntil) return { kind: "limit-waiting" };
  return { kind: "empty" };
}

/** Word count when there is a transcript, otherwise the recording's length as m:ss. */
export function noteMeta(note: Pick<VoiceNote, "isError" | "error" | "isTranscribing" | "transcription" | "duration">): string {
  const body = noteBody(note);
  if (body.kind === "transcript") {
    const words = countWords(body.text);
    return `${words} ${words === 1 ? "word" : "words"}`;
  }
  return formatDuration(note.duration);
}

/** "Today at 3:04 PM", "Yesterday at 9:15 AM" or "Wednesday, March 5 at 3:04 PM" in the browser's zone. */
export function noteTimestamp(note: Pick<VoiceNote, "createdAt">, timeZone: string, now: Date): string {
  return formatNoteTimestamp(new Date(note.createdAt), timeZone, now);
}

/**
 * The transcript is clamped to 3 lines (TRANSCRIPT_CLAMP_LINES); the toggle appears only when the
 * full text is taller than that. `fullHeight` is the text's scrollHeight, which is the full
 * height whether or not the clamp is applied.
 */
export function overflowsClamp(fullHeight: number, lineHeight: number, lines: number): boolean {
  if (!(lineHeight > 0)) return false;
  // Half a pixel of slack: fractional line heights round differently per browser.
  return fullHeight > lineHeight * lines + 0.5;
}

export function transcriptToggleLabel(overflows: boolean, expanded: boolean): "Show more" | "Show less" | null {
  if (!overflows) return null;
  return expanded ? "Show less" : "Show more";
}
