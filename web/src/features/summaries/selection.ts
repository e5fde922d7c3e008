/** What the summary-type dialog will generate: the general summary, one custom type, or nothing yet. */
export type TypeSelection = { kind: "general" } | { kind: "type"; id: string } | null;

export const GENERAL: Exclude<TypeSelection, null> = { kind: "general" };

export function isSelected(selection: TypeSelection, option: Exclude<TypeSelection, null>): boolean {
  if (!selection || selection.kind !== option.kind) return false;
  return selection.kind === "general" || selection.id === (option as { id: string }).id;
}

/**
 * SPEC §4: the general summary and a custom type are mutually exclusive (choosing one replaces
 * the other), and clicking the selected option again deselects it.
 */
export function toggleSelection(selection: TypeSelection, clicked: Exclude<TypeSelection, null>): TypeSelection {
  return isSelected(selection, clicked) ? null : clicked;
}

/** A selection that pointed at a deleted type is cleared. */
export function withoutType(selection: TypeSelection, deletedId: string): TypeSelection {
  return selection?.kind === "type" && selection.id === deletedId ? null : selection;
}
