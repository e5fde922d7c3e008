import { useCallback, useSyncExternalStore } from "react";
import { OUTBOX_MAX_BYTES } from "@vj/core";
import { useAuth } from "../auth/auth-provider";
import { outboxDb, type PendingChange, type PendingUpload } from "./outbox-db";
import { listChanges } from "./changes-store";
import { listPendingUploads, outboxUsage, unclaimedUploads, type OutboxUsage } from "./outbox-store";
import { SharedLiveReads } from "./shared-live";

const reads = new SharedLiveReads((err) => console.warn("could not read the offline outbox", err));

/**
 * The outbox as it is now, kept live and shared: one read per query and person for the whole page,
 * re-run when any context (another tab, the service worker) changes the tables it read; `initial`
 * (the same value every time) until it has been read. Watched afresh when the signed-in person changes.
 */
function useLive<T>(key: string | null, query: () => Promise<T>, initial: T): T {
  // The query is fixed per key (the key names the query and the person).
  const subscribe = useCallback((notify: () => void) => (key ? reads.watch(key, query, notify) : () => undefined), [key]);
  return useSyncExternalStore(subscribe, () => (key ? reads.current(key, initial) : initial));
}

/** The signed-in person's user id: whose outbox rows are shown and counted. */
function useOwnerId(): string | null {
  return useAuth().user?.id ?? null;
}

/** The signed-in person's waiting recordings, newest first (another person's are never shown). */
export function usePendingUploads(): PendingUpload[] | undefined {
  const ownerId = useOwnerId();
  return useLive<PendingUpload[] | undefined>(ownerId && `uploads:${ownerId}`, () => listPendingUploads(outboxDb(), ownerId!), undefined);
}

const NO_USAGE: OutboxUsage = { bytes: 0, count: 0, maxBytes: OUTBOX_MAX_BYTES };

/** How much of the outbox the signed-in person's recordings take. */
export function useOutboxUsage(): OutboxUsage {
  const ownerId = useOwnerId();
  return useLive(ownerId && `usage:${ownerId}`, () => outboxUsage(outboxDb(), ownerId!), NO_USAGE);
}

const NO_UPLOADS: PendingUpload[] = [];
const NO_CHANGES: PendingChange[] = [];

/** Recordings kept from before owners were recorded, for a signed-in person to keep or delete. */
export function useUnclaimedUploads(): PendingUpload[] {
  const ownerId = useOwnerId();
  return useLive<PendingUpload[]>(ownerId && `unclaimed:${ownerId}`, () => unclaimedUploads(outboxDb()), NO_UPLOADS);
}

/**
 * The signed-in person's waiting changes, in the order made (another person's are never shown),
 * or undefined until the outbox has been read once: a list drawn before that would show, for a
 * moment, what the person changed here (a note deleted offline, back after a reload).
 */
export function usePendingChangesRead(): PendingChange[] | undefined {
  const ownerId = useOwnerId();
  const changes = useLive<PendingChange[] | undefined>(ownerId && `changes:${ownerId}`, () => listChanges(outboxDb(), ownerId!), undefined);
  return ownerId ? changes : NO_CHANGES;
}

/** The same, as none until the outbox has been read (for what may show the server's state meanwhile). */
export function usePendingChanges(): PendingChange[] {
  return usePendingChangesRead() ?? NO_CHANGES;
}
