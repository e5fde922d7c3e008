import type { SearchHit } from "@vj/core";
import type { PendingChange } from "../outbox/outbox-db";
import { applyChanges } from "../outbox/overlay";

/**
 * Search results with the person's waiting note changes laid over them, as every list shows
 * them: a note deleted here leaves the results, a note renamed or moved here shows its new title
 * and collection, in the server's ranked order. Summaries are not changed from a device.
 */
export function hitsWithChanges(hits: readonly SearchHit[], changes: readonly PendingChange[]): SearchHit[] {
  if (changes.length === 0) return [...hits];
  const notes = new Map(applyChanges(hits.filter((h) => h.kind === "note"), changes, "note").map((h) => [h.id, h]));
  return hits.flatMap((hit): SearchHit[] => {
    if (hit.kind !== "note") return [hit];
    const changed = notes.get(hit.id);
    return changed ? [changed] : [];
  });
}
