import { collectionSlug, DEFAULT_COLLECTION_COLOR, type CreateDomainInput, type Domain } from "@vj/core";
import { createChange, type NewChange } from "../outbox/changes-store";
import { applyChanges } from "../outbox/overlay";
import type { PendingChange } from "../outbox/outbox-db";

/**
 * A collection created on this device (DESIGN §13): kept in the outbox as a create with an id made
 * here, shown at once under the address the server will most likely give it (the same slug rule,
 * packages/core slug.ts), and sent in its turn; what follows it (a rename, a recording into it)
 * is rewritten to the server's id once the server answers.
 */

/** The create as the outbox keeps it: the same request the dialog used to send. */
export function collectionCreateChange(ownerId: string, id: string, input: CreateDomainInput): NewChange {
  return createChange(ownerId, { type: "collection", id }, "/api/domains", {
    name: input.name,
    description: input.description ?? null,
    primaryColor: input.primaryColor,
    isDefault: input.isDefault ?? false,
  });
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** The collection a waiting create stands for, shaped as the server will answer it. */
export function collectionOfCreate(change: Pick<PendingChange, "ownerId" | "target" | "body" | "madeAt">): Domain | null {
  const name = text(change.body?.name)?.trim();
  if (change.target.type !== "collection" || !name) return null;
  return {
    id: change.target.id,
    userId: change.ownerId,
    name,
    slug: collectionSlug(name, change.target.id),
    description: text(change.body?.description) || null,
    primaryColor: text(change.body?.primaryColor) ?? DEFAULT_COLLECTION_COLOR,
    isDefault: change.body?.isDefault === true,
    createdAt: new Date(change.madeAt).toISOString(),
  };
}

/** The person's collections as this device shows them: the server's list with the waiting creates, renames and deletes applied. */
export function collectionsWithChanges(collections: readonly Domain[], changes: readonly PendingChange[]): Domain[] {
  return applyChanges(collections, changes, "collection", collectionOfCreate);
}

/**
 * The server's refusal, said before the create leaves the device: two collections of one person
 * may not share an address (DESIGN §4). Null when the address is free.
 */
export function takenAddressMessage(collections: readonly Pick<Domain, "slug">[], name: string, id: string): string | null {
  const slug = collectionSlug(name.trim(), id);
  if (!collections.some((c) => c.slug === slug)) return null;
  return `You already have a collection whose address would be "/${slug}". Please choose a different name.`;
}
