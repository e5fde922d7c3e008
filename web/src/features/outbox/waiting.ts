import { countChanges, listChanges } from "./changes-store";
import { outboxDb, type OutboxDb } from "./outbox-db";
import { countPendingUploads, listPendingUploads } from "./outbox-store";

export type Waiting = { recordings: number; changes: number };

/** What of this person's is still only on this device: asked before signing out. */
export async function waitingFor(ownerId: string, db: OutboxDb = outboxDb()): Promise<Waiting> {
  const [recordings, changes] = await Promise.all([countPendingUploads(db, ownerId), countChanges(db, ownerId)]);
  return { recordings, changes };
}

/** The person chose to delete what waits instead of keeping it for their next sign-in. */
export async function deleteWaiting(ownerId: string, db: OutboxDb = outboxDb()): Promise<void> {
  const uploads = (await listPendingUploads(db, ownerId)).map((u) => u.id);
  const changes = (await listChanges(db, ownerId)).map((c) => c.seq!);
  await db.transaction("rw", db.pendingUploads, db.pendingChanges, async () => {
    await db.pendingUploads.bulkDelete(uploads);
    await db.pendingChanges.bulkDelete(changes);
  });
}

/** "2 recordings and 3 changes are not uploaded yet. They stay on this device and upload when you sign in again." */
export function waitingSentence({ recordings, changes }: Waiting): string {
  const parts = [
    recordings > 0 ? `${recordings} ${recordings === 1 ? "recording" : "recordings"}` : null,
    changes > 0 ? `${changes} ${changes === 1 ? "change" : "changes"}` : null,
  ].filter((p): p is string => p !== null);
  const one = recordings + changes === 1;
  return `${parts.join(" and ")} ${one ? "is" : "are"} not uploaded yet. ${one ? "It stays" : "They stay"} on this device and ${
    one ? "uploads" : "upload"
  } when you sign in again.`;
}
