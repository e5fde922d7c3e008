import { periodKeyOf } from "@vj/core";
import type { CountedNote, PendingChange } from "./outbox-db";

/**
 * The person's waiting changes applied over what the server last said (DESIGN §13), so a list
 * shows the new title, the note gone, the collection renamed, at once and after every refetch,
 * until the server has them. Pure functions: no React, no DOM.
 */

/** Where an item stands with the outbox: waiting to sync, refused for good, or in conflict. */
export type SyncMark = { status: PendingChange["status"]; change: PendingChange };

/** The most telling change of each item: a refusal or conflict before one merely waiting. */
export function syncMarks(changes: readonly PendingChange[]): Map<string, SyncMark> {
  const marks = new Map<string, SyncMark>();
  for (const change of changes) {
    const known = marks.get(change.targetKey);
    if (!known || (known.status === "waiting" && change.status !== "waiting")) marks.set(change.targetKey, { status: change.status, change });
  }
  return marks;
}

type Patchable = { id: string };

/**
 * Applies the waiting changes of one item type, in the order made: updates patch the fields they
 * send (not the `base*` they were made from), deletes remove the item, creates add it when the
 * server's list does not have it yet. A change refused for good or in conflict is not applied:
 * the item shows what the server has, with the mark that says why.
 */
export function applyChanges<T extends Patchable>(
  items: readonly T[],
  changes: readonly PendingChange[],
  type: PendingChange["target"]["type"],
  created?: (change: PendingChange) => T | null,
): T[] {
  let result: T[] = [...items];
  for (const change of changes) {
    if (change.target.type !== type || change.status !== "waiting") continue;
    const id = change.target.id;
    if (change.action === "delete") {
      result = result.filter((item) => item.id !== id);
    } else if (change.action === "update") {
      const fields = Object.fromEntries(Object.entries(change.body ?? {}).filter(([key]) => !key.startsWith("base")));
      result = result.map((item) => (item.id === id ? { ...item, ...fields } : item));
    } else if (change.action === "create" && created && !result.some((item) => item.id === id)) {
      const item = created(change);
      if (item) result = [...result, item];
    } else if (change.action === "retranscribe") {
      result = result.map((item) => (item.id === id ? { ...item, isTranscribing: true, isError: false, error: null } : item));
    }
  }
  return result;
}

/** Whether the item was created on this device and its create has not reached the server yet. */
export function isUnsentCreate(changes: readonly PendingChange[], type: PendingChange["target"]["type"], id: string): boolean {
  return changes.some((c) => c.action === "create" && c.target.type === type && c.target.id === id);
}

/**
 * The notes deleted here whose delete the server has not taken yet: where each was counted.
 * The server's figures (a collection's recordings, a day's notes) still count them until then.
 */
export function deletedNotes(changes: readonly PendingChange[]): CountedNote[] {
  return changes.flatMap((c) => (c.target.type === "note" && c.action === "delete" && c.status === "waiting" && c.counted ? [c.counted] : []));
}

type CollectionFigures = { totalRecordings: number; totalDuration: number; transcribedCount: number };

/** A collection's figures as the server gave them, less the notes deleted here and not sent yet. */
export function figuresWithoutDeleted<T extends CollectionFigures>(figures: T, domainId: string, changes: readonly PendingChange[]): T {
  const gone = deletedNotes(changes).filter((n) => n.domainId === domainId);
  if (gone.length === 0) return figures;
  const less = (value: number, by: number) => Math.max(0, value - by);
  return {
    ...figures,
    totalRecordings: less(figures.totalRecordings, gone.length),
    totalDuration: less(figures.totalDuration, gone.reduce((sum, n) => sum + n.duration, 0)),
    transcribedCount: less(figures.transcribedCount, gone.filter((n) => n.transcribed).length),
  };
}

/**
 * Notes per local day ("YYYY-MM-DD" in `timeZone`) as the server counted them, less the notes
 * deleted here and not sent yet: of one collection, or of all (`domainId` null).
 */
export function dayCountsWithoutDeleted(
  days: readonly { date: string; notes: number }[],
  domainId: string | null,
  timeZone: string,
  changes: readonly PendingChange[],
): Map<string, number> {
  const counts = new Map(days.map((d) => [d.date, d.notes]));
  for (const note of deletedNotes(changes)) {
    if (domainId !== null && note.domainId !== domainId) continue;
    const day = periodKeyOf(new Date(note.createdAt), "day", timeZone);
    const left = (counts.get(day) ?? 0) - 1;
    if (left > 0) counts.set(day, left);
    else counts.delete(day);
  }
  return counts;
}
