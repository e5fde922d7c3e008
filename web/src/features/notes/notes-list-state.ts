import { failedForNoConnection } from "../../lib/connection-failure";

export type NotesListState = "loading" | "offline" | "error" | "empty" | "list";

/**
 * What the Notes tab shows: notes it has stay shown whatever failed since; with none, a first page
 * that did not arrive for want of a connection is said to be that (offline), not a failure.
 */
export function notesListState(q: { isPending: boolean; isError: boolean; error: unknown; count: number; online: boolean }): NotesListState {
  if (q.isPending) return "loading";
  if (q.count > 0) return "list";
  if (q.isError) return failedForNoConnection(q.error, q.online) ? "offline" : "error";
  return "empty";
}
