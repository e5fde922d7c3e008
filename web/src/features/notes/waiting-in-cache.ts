import type { InfiniteData } from "@tanstack/react-query";
import type { VoiceNote } from "@vj/core";
import type { PendingChange } from "../outbox/outbox-db";
import { applyChanges } from "../outbox/overlay";
import type { NotesPage } from "./queries";

/** A change to a note that the lists show until the server has it: an edit or a delete. */
const isWaitingEdit = (c: PendingChange) => c.target.type === "note" && c.status === "waiting" && (c.action === "update" || c.action === "delete");

export const hasWaitingNoteEdits = (changes: readonly PendingChange[]): boolean => changes.some(isWaitingEdit);

function sameNote(a: VoiceNote, b: VoiceNote): boolean {
  if (a === b) return true;
  const keys = Object.keys(b) as (keyof VoiceNote)[];
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key]);
}

function samePage(a: readonly VoiceNote[], b: readonly VoiceNote[]): boolean {
  return a.length === b.length && a.every((note, i) => sameNote(note, b[i]!));
}

/**
 * A cached notes list with the person's waiting edits and deletes written in: once the server
 * has them the overlay over the list goes, and what the cache then holds is what shows. The same
 * object when it holds them already, so writing it back wakes nobody. Pure: no React, no DOM.
 */
export function notesWithWaitingEdits(data: InfiniteData<NotesPage> | undefined, changes: readonly PendingChange[]): InfiniteData<NotesPage> | undefined {
  if (!data || !Array.isArray(data.pages)) return data;
  const edits = changes.filter(isWaitingEdit);
  if (edits.length === 0) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const notes = applyChanges(page.notes, edits, "note");
    if (samePage(notes, page.notes)) return page;
    changed = true;
    return { ...page, notes };
  });
  return changed ? { ...data, pages } : data;
}
