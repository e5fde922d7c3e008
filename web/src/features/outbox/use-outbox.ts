import { liveQuery } from "dexie";
import { useEffect, useState } from "react";
import { OUTBOX_MAX_BYTES } from "@vj/core";
import { useAuth } from "../auth/auth-provider";
import { outboxDb, type PendingChange, type PendingUpload } from "./outbox-db";
import { listChanges } from "./changes-store";
import { listPendingUploads, outboxUsage, unclaimedUploads, type OutboxUsage } from "./outbox-store";

/**
 * The outbox as it is now, kept live: Dexie re-runs the query when any context (another tab, the
 * service worker) changes the tables it read. Re-subscribed when the signed-in person changes.
 */
function useLive<T>(query: (() => Promise<T>) | null, initial: T, key: string | null): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    setValue(initial);
    if (!query) return;
    const subscription = liveQuery(query).subscribe({
      next: setValue,
      error: (err: unknown) => console.warn("could not read the offline outbox", err),
    });
    return () => subscription.unsubscribe();
    // The query is fixed per call site and person.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return value;
}

/** The signed-in person's user id: whose outbox rows are shown and counted. */
function useOwnerId(): string | null {
  return useAuth().user?.id ?? null;
}

/** The signed-in person's waiting recordings, newest first (another person's are never shown). */
export function usePendingUploads(): PendingUpload[] | undefined {
  const ownerId = useOwnerId();
  return useLive<PendingUpload[] | undefined>(ownerId ? () => listPendingUploads(outboxDb(), ownerId) : null, undefined, ownerId);
}

/** How much of the outbox the signed-in person's recordings take. */
export function useOutboxUsage(): OutboxUsage {
  const ownerId = useOwnerId();
  return useLive(ownerId ? () => outboxUsage(outboxDb(), ownerId) : null, { bytes: 0, count: 0, maxBytes: OUTBOX_MAX_BYTES }, ownerId);
}

/** Recordings kept from before owners were recorded, for a signed-in person to keep or delete. */
export function useUnclaimedUploads(): PendingUpload[] {
  const ownerId = useOwnerId();
  return useLive<PendingUpload[]>(ownerId ? () => unclaimedUploads(outboxDb()) : null, [], ownerId);
}

const NO_CHANGES: PendingChange[] = [];

/**
 * The signed-in person's waiting changes, in the order made (another person's are never shown),
 * or undefined until the outbox has been read once: a list drawn before that would show, for a
 * moment, what the person changed here (a note deleted offline, back after a reload).
 */
export function usePendingChangesRead(): PendingChange[] | undefined {
  const ownerId = useOwnerId();
  const changes = useLive<PendingChange[] | undefined>(ownerId ? () => listChanges(outboxDb(), ownerId) : null, undefined, ownerId);
  return ownerId ? changes : NO_CHANGES;
}

/** The same, as none until the outbox has been read (for what may show the server's state meanwhile). */
export function usePendingChanges(): PendingChange[] {
  return usePendingChangesRead() ?? NO_CHANGES;
}
