/**
 * SPEC §4: the paged mode starts at index 0; after a delete, if the index was at or beyond the
 * last item it moves to the new last item (a middle index stays and so shows the next one).
 */
export function indexAfterDelete(index: number, countBefore: number): number {
  const countAfter = Math.max(0, countBefore - 1);
  if (index >= countBefore - 1) return Math.max(0, countAfter - 1);
  return index;
}

/** Keeps an index inside a list whose length changed for another reason (a refresh, another device). */
export function clampIndex(index: number, count: number): number {
  return Math.min(Math.max(0, index), Math.max(0, count - 1));
}
