import { COLLECTION_FORM_DEFAULT_COLOR, createDomainSchema, type CreateDomainInput } from "@vj/core";
import { ApiError } from "../../lib/api-client";

/** What the /collections dialog edits. */
export type CollectionDraft = { name: string; description: string; primaryColor: string };
export type CollectionFormErrors = Partial<Record<keyof CollectionDraft, string>>;

export const EMPTY_COLLECTION_DRAFT: CollectionDraft = { name: "", description: "", primaryColor: COLLECTION_FORM_DEFAULT_COLOR };

// SPEC §5: the dialog validates with the collection schema without userId (the page adds the signed-in user's id).
const formSchema = createDomainSchema.omit({ userId: true });

/**
 * Validates the whole form before posting (SPEC §5). Errors are keyed by field for display under
 * each one; an empty name reads "Required" as the spec's generic message, the colour "Please
 * enter a valid hex color" from core's hexColorSchema.
 */
export function validateCollectionForm(
  draft: CollectionDraft,
  userId: string,
): { ok: true; input: CreateDomainInput } | { ok: false; errors: CollectionFormErrors } {
  const parsed = formSchema.safeParse({ name: draft.name, description: draft.description, primaryColor: draft.primaryColor.trim(), isDefault: false });
  if (parsed.success) return { ok: true, input: { ...parsed.data, userId } };
  const errors: CollectionFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof CollectionDraft | undefined;
    if (!field || errors[field]) continue;
    errors[field] = field === "name" && issue.code === "too_small" ? "Required" : issue.message;
  }
  return { ok: false, errors };
}

/** A refused create shown under the name (the usual cause is a 409: a collection with the same address exists). */
export function serverErrorText(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return "Something went wrong. Please try again.";
}
