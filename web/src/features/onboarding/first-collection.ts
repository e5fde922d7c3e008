import type { CreateDomainInput } from "@vj/core";
import type { ToastInput } from "../../lib/toast-store";

export type FirstCollectionDraft = { name: string; description: string; color: string };

/** SPEC §5: the name is required once trimmed; the toast says so. */
export const NAME_REQUIRED: ToastInput = {
  variant: "destructive",
  title: "Collection name required",
  description: "Please give your collection a name.",
};

/**
 * The onboarding's POST body (SPEC §3, §5): trimmed name and description, the chosen colour,
 * isDefault true and the empty userId the spec sends (the API takes the user from the token).
 * `null` when the trimmed name is empty.
 */
export function firstCollectionInput(draft: FirstCollectionDraft): CreateDomainInput | null {
  const name = draft.name.trim();
  if (!name) return null;
  return { name, description: draft.description.trim(), primaryColor: draft.color, isDefault: true, userId: "" };
}
