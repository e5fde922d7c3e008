import { LIMITS, TRANSCRIPTION_LIMIT_WAITING, type UpdateVoiceNoteInput, type VoiceNote } from "@vj/core";
import { AlertTriangle, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { memo, useEffect, useId, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { IconButton } from "../../components/ui/icon-button";
import { Spinner } from "../../components/ui/spinner";
import { useDeleteNote, useRetryTranscription, useUpdateNote } from "./mutations";
import type { SyncMark } from "../outbox/overlay";
import { ChangeProblem, WaitingToSync } from "../outbox/sync-marks";
import { InlineEdit } from "./inline-edit";
import { NoteAudio } from "./note-audio";
import { NOT_TRANSCRIBED_REASON, noteBody, noteMeta, noteTimestamp } from "./note-display";
import { NoteTranscript } from "./note-transcript";

const textButton =
  "inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

/** One voice note (SPEC §2 "Notes tab"), plus playback, editing in place and a retry for a failed transcription. */
function NoteCardView({
  note,
  timeZone,
  now,
  highlighted = false,
  mark,
}: {
  note: VoiceNote;
  timeZone: string;
  now: Date;
  highlighted?: boolean;
  /** Where the note's latest change stands with the outbox: waiting, refused, in conflict. */
  mark?: SyncMark;
}) {
  const titleId = useId();
  const card = useRef<HTMLElement>(null);
  // Opened from a search hit or a citation: bring it into view once, and let the ring fade.
  useEffect(() => {
    if (highlighted) card.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [highlighted]);
  const [editing, setEditing] = useState<"title" | "transcript" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const retry = useRetryTranscription();
  // What was just saved, drawn in the same frame as the Enter or Save: the lists learn it a task
  // later, and from then on show it themselves.
  const [saved, setSaved] = useState<UpdateVoiceNoteInput | null>(null);
  useEffect(() => setSaved(null), [note]);
  const shown = saved ? { ...note, ...saved } : note;
  const title = shown.title;
  const body = noteBody(shown);
  const save = (changes: UpdateVoiceNoteInput) => {
    setSaved(changes);
    return update.save(note, changes);
  };

  return (
    <article
      ref={card}
      aria-labelledby={editing === "title" ? undefined : titleId}
      aria-label={editing === "title" ? title : undefined}
      aria-current={highlighted ? "true" : undefined}
      data-testid="note-card"
      className={cn(
        "scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-200/60 sm:p-5",
        highlighted && "note-flash animate-[note-flash_2.5s_ease-out]",
      )}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          {editing === "title" ? (
            <InlineEdit
              label="Note title"
              initial={title}
              maxLength={LIMITS.title}
              onSave={(next) => save({ title: next })}
              onDone={() => setEditing(null)}
            />
          ) : (
            <h3 id={titleId} className="text-base font-semibold leading-6 text-slate-900 [overflow-wrap:anywhere]">
              {title}
            </h3>
          )}
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-slate-500">
            <time dateTime={note.createdAt}>{noteTimestamp(note, timeZone, now)}</time>
            <span aria-hidden>·</span>
            <span data-testid="note-meta">{noteMeta(shown)}</span>
            {mark?.status === "waiting" ? <WaitingToSync /> : null}
          </p>
        </div>
        {editing === "title" ? null : (
          <div className="-mr-1.5 -mt-1 flex shrink-0">
            <IconButton aria-label={`Edit title of ${title}`} onClick={() => setEditing("title")}>
              <Pencil className="size-4" aria-hidden />
            </IconButton>
            <IconButton tone="danger" aria-label={`Delete ${title}`} onClick={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden />
            </IconButton>
          </div>
        )}
      </div>

      {mark && mark.status !== "waiting" ? <ChangeProblem mark={mark} /> : null}

      <div className="mt-3">
        {editing === "transcript" ? (
          <InlineEdit
            label="Transcript"
            multiline
            allowEmpty
            initial={body.kind === "transcript" ? body.text : ""}
            maxLength={LIMITS.transcription}
            onSave={(transcription) => save({ transcription })}
            onDone={() => setEditing(null)}
          />
        ) : body.kind === "transcript" ? (
          <NoteTranscript text={body.text} />
        ) : body.kind === "transcribing" ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" />
            Transcribing your voice note...
          </p>
        ) : body.kind === "limit-waiting" ? (
          <p className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="note-limit-waiting">
            {TRANSCRIPTION_LIMIT_WAITING}
          </p>
        ) : body.kind === "not-transcribed" ? (
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-3" data-testid="note-not-transcribed">
            <p className="text-sm font-semibold text-slate-800">Not transcribed</p>
            <p className="mt-0.5 text-sm text-slate-600">{NOT_TRANSCRIBED_REASON}. The recording is saved and plays below.</p>
            <button
              type="button"
              disabled={retry.isPending}
              onClick={() => retry.mutate(note.id)}
              className="mt-3 inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm transition-colors hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-wait disabled:opacity-70"
            >
              <RotateCcw className={retry.isPending ? "size-4 animate-spin" : "size-4"} aria-hidden />
              Transcribe
            </button>
          </div>
        ) : body.kind === "error" ? (
          <div className="rounded-xl border border-red-200 bg-red-50 p-3" data-testid="note-error">
            <p className="flex items-center gap-2 text-sm font-semibold text-red-800">
              <AlertTriangle className="size-4 shrink-0" aria-hidden />
              Recording Failed
            </p>
            <p className="mt-1 text-sm text-red-700 [overflow-wrap:anywhere]">{body.message}</p>
            {note.hasAudio ? (
              <button
                type="button"
                disabled={retry.isPending}
                onClick={() => retry.mutate(note.id)}
                className="mt-3 inline-flex h-9 items-center gap-1.5 rounded-lg border border-red-200 bg-white px-3 text-sm font-medium text-red-800 shadow-sm transition-colors hover:bg-red-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-500 disabled:cursor-wait disabled:opacity-70"
              >
                <RotateCcw className={retry.isPending ? "size-4 animate-spin" : "size-4"} aria-hidden />
                Retry transcription
              </button>
            ) : null}
          </div>
        ) : (
          <p className="text-sm italic text-slate-500">No transcript</p>
        )}
      </div>

      {editing === "transcript" ? null : (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <NoteAudio note={note} />
          {body.kind === "transcribing" ? null : (
            <button type="button" className={`${textButton} ml-auto`} onClick={() => setEditing("transcript")}>
              <Pencil className="size-3.5" aria-hidden />
              {body.kind === "transcript" ? "Edit transcript" : "Add transcript"}
            </button>
          )}
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete voice note"
        description={`Are you sure you want to delete "${title}"? This action cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(note, { onSettled: () => setConfirming(false) })}
      />
    </article>
  );
}

/** Whether two marks show the same thing (the outbox answers new objects for unchanged rows). */
function sameMark(a: SyncMark | undefined, b: SyncMark | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.status === b.status &&
    a.change.seq === b.change.seq &&
    a.change.lastError === b.change.lastError &&
    JSON.stringify(a.change.current) === JSON.stringify(b.change.current)
  );
}

/**
 * A card renders again only when what it shows changed: a rename of another note, or a refetch
 * that kept this one as it was, leaves it alone, so a change made offline is on screen in the
 * next frame even on a slow phone. The list's "now" matters to the minute (Today, Yesterday).
 */
export const NoteCard = memo(
  NoteCardView,
  (a, b) =>
    a.note === b.note &&
    a.timeZone === b.timeZone &&
    a.highlighted === b.highlighted &&
    Math.floor(a.now.getTime() / 60_000) === Math.floor(b.now.getTime() / 60_000) &&
    sameMark(a.mark, b.mark),
);
