import type { InfiniteData } from "@tanstack/react-query";
import type { VoiceNote } from "@vj/core";
import { describe, expect, it } from "vitest";
import type { PendingChange } from "../src/features/outbox/outbox-db";
import type { NotesPage } from "../src/features/notes/queries";
import { notesWithWaitingEdits } from "../src/features/notes/waiting-in-cache";

const note = (id: string, title: string) => ({ id, title, transcription: `${title}.`, duration: 3 }) as unknown as VoiceNote;

function change(id: string, action: PendingChange["action"], body?: Record<string, unknown>, status: PendingChange["status"] = "waiting"): PendingChange {
  return { id: `chg-${id}-${action}`, ownerId: "owner", target: { type: "note", id }, targetKey: `note:${id}`, action, method: action === "delete" ? "DELETE" : "PATCH", path: `/api/voice-notes/${id}`, body, status, attempts: 0, madeAt: 1 };
}

/** Two pages of a day's list, as the server last said them. */
const cached = (): InfiniteData<NotesPage> => ({
  pages: [
    { notes: [note("a", "Harbour walk"), note("b", "Groceries")], nextCursor: "c1" },
    { notes: [note("c", "Old idea")], nextCursor: null },
  ],
  pageParams: [null, "c1"],
});

const titles = (data: InfiniteData<NotesPage> | undefined) => data?.pages.map((p) => p.notes.map((n) => n.title));

describe("a cached notes list while edits wait in the outbox", () => {
  it("holds the new title and transcript, and not the note deleted here, wherever the note is paged", () => {
    const waiting = [change("a", "update", { title: "Harbour at dawn", baseTitle: "Harbour walk" }), change("c", "delete"), change("b", "update", { transcription: "Milk, eggs." })];
    const data = notesWithWaitingEdits(cached(), waiting);
    expect(titles(data)).toEqual([["Harbour at dawn", "Groceries"], []]);
    expect(data!.pages[0]!.notes[1]!.transcription).toBe("Milk, eggs.");
    // What the edit was made from stays out of the note.
    expect(data!.pages[0]!.notes[0]).not.toHaveProperty("baseTitle");
    expect(data!.pageParams).toEqual([null, "c1"]);
  });

  it("is the same list once it holds them, so writing it back changes nothing", () => {
    const waiting = [change("a", "update", { title: "Harbour at dawn" })];
    const once = notesWithWaitingEdits(cached(), waiting);
    expect(notesWithWaitingEdits(once, waiting)).toBe(once);
    const untouched = cached();
    expect(notesWithWaitingEdits(untouched, [])).toBe(untouched);
  });

  it("keeps the server's text for a change it refused or that met another device's edit", () => {
    const data = cached();
    const settled = [change("a", "update", { title: "Mine" }, "conflict"), change("b", "delete", undefined, "refused")];
    expect(notesWithWaitingEdits(data, settled)).toBe(data);
  });
});
