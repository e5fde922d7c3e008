import type { SummaryType } from "@vj/core";
import { createChange, type NewChange } from "../outbox/changes-store";
import { applyChanges } from "../outbox/overlay";
import type { PendingChange } from "../outbox/outbox-db";

/**
 * A summary type made on this device (DESIGN §13): kept in the outbox as a create with an id made
 * here, in the dialog's list at once, and sent in its turn; an edit, a delete or a summary asked
 * with it follows it under the server's id once the server answers.
 */
export function summaryTypeCreateChange(ownerId: string, id: string, domainId: string, fields: { name: string; prompt: string }): NewChange {
  return createChange(ownerId, { type: "summary-type", id }, "/api/summary-types", { name: fields.name, prompt: fields.prompt, domainId });
}

/** The type a waiting create stands for, shaped as the server will answer it. */
export function summaryTypeOfCreate(change: Pick<PendingChange, "ownerId" | "target" | "body" | "madeAt">): SummaryType | null {
  const { name, prompt, domainId } = change.body ?? {};
  if (change.target.type !== "summary-type" || typeof name !== "string" || typeof prompt !== "string" || typeof domainId !== "string") return null;
  return { id: change.target.id, userId: change.ownerId, domainId, name, prompt, createdAt: new Date(change.madeAt).toISOString() };
}

/** The summary types as this device shows them: the server's list with the waiting creates, edits and deletes applied. */
export function summaryTypesWithChanges(types: readonly SummaryType[], changes: readonly PendingChange[]): SummaryType[] {
  return applyChanges(types, changes, "summary-type", summaryTypeOfCreate);
}
