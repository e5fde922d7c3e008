import { Dexie, type Table } from "dexie";
import { OUTBOX_MAX_BYTES } from "@vj/core";
import { storableAudio } from "./audio-storage";
import { UNKNOWN_OWNER, type OutboxDb, type PendingUpload } from "./outbox-db";

/** What a finished recording brings to the outbox; the outbox adds attempts, status and size. */
export type NewPendingUpload = {
  id: string;
  /** The person who made it (their user id), or UNKNOWN_OWNER for a share received signed out. */
  ownerId: string;
  audio: Blob;
  title: string;
  duration: number;
  createdAt: string;
  domainId: string | null;
  recordedAt: number;
  timeZone: string;
  /** A file shared to the app: kept, but not sent until the person confirms its collection. */
  held?: boolean;
};

/** A recording the 80 MB cap pushed out, so the page can tell the person which one. */
export type EvictedUpload = Pick<PendingUpload, "id" | "title" | "createdAt" | "recordedAt" | "size">;

export type OutboxUsage = { bytes: number; count: number; maxBytes: number };

/** The recording alone is bigger than the whole outbox: keeping it would mean evicting everything. */
export class OutboxItemTooLargeError extends Error {
  constructor(
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`The recording (${size} bytes) is larger than the offline storage limit (${maxBytes} bytes)`);
    this.name = "OutboxItemTooLargeError";
  }
}

/** The outbox id, sent as clientId: rec-{timestamp}-{random} (SPEC §3). */
export function newOutboxId(now: number = Date.now(), random: () => number = Math.random): string {
  return `rec-${now}-${random().toString(36).slice(2, 10).padEnd(8, "0")}`;
}

type SizeEntry = { id: string; recordedAt: number; size: number };

/** Age and size of every waiting recording, oldest first, read from the index alone (no audio loaded). */
async function sizeEntries(db: OutboxDb): Promise<SizeEntry[]> {
  const entries: SizeEntry[] = [];
  await db.pendingUploads.orderBy("[recordedAt+size]").eachKey((key, cursor) => {
    const [recordedAt, size] = key as [number, number];
    entries.push({ id: cursor.primaryKey as string, recordedAt, size });
  });
  return entries;
}

export type AddOptions = {
  maxBytes?: number;
  /** More IndexedDB work committed atomically with the add (the recording's chunks are dropped in it). */
  alsoInTransaction?: { tables: Table[]; run: () => Promise<unknown> };
};

/**
 * Keeps a finished recording until the server acknowledges it. Over the 80 MB cap the oldest
 * recordings are evicted first (SPEC §9); they are returned so the person is told what was lost.
 * Adding an id that is already there replaces it (recovery may run twice).
 */
export async function addPendingUpload(
  db: OutboxDb,
  input: NewPendingUpload,
  { maxBytes = OUTBOX_MAX_BYTES, alsoInTransaction }: AddOptions = {},
): Promise<{ item: PendingUpload; evicted: EvictedUpload[] }> {
  const size = input.audio.size;
  if (size > maxBytes) throw new OutboxItemTooLargeError(size, maxBytes);
  // Converted before the transaction: awaiting anything but IndexedDB inside it would commit it early.
  const stored = await storableAudio(db, input.audio);
  const item: PendingUpload = {
    ...stored,
    id: input.id,
    ownerId: input.ownerId,
    title: input.title,
    duration: input.duration,
    createdAt: input.createdAt,
    domainId: input.domainId,
    attempts: 0,
    mimeType: input.audio.type || "audio/webm",
    size,
    status: input.held ? "held" : "waiting",
    recordedAt: input.recordedAt,
    timeZone: input.timeZone,
  };

  return db.transaction("rw", [db.pendingUploads, ...(alsoInTransaction?.tables ?? [])], async () => {
    const others = (await sizeEntries(db)).filter((e) => e.id !== item.id);
    let total = others.reduce((sum, e) => sum + e.size, 0);
    const evictIds: string[] = [];
    for (const entry of others) {
      if (total + size <= maxBytes) break;
      evictIds.push(entry.id);
      total -= entry.size;
    }
    const evicted: EvictedUpload[] = [];
    if (evictIds.length > 0) {
      for (const old of await db.pendingUploads.bulkGet(evictIds)) {
        if (old) evicted.push({ id: old.id, title: old.title, createdAt: old.createdAt, recordedAt: old.recordedAt, size: old.size });
      }
      await db.pendingUploads.bulkDelete(evictIds);
    }
    await db.pendingUploads.put(item);
    await alsoInTransaction?.run();
    return { item, evicted };
  });
}

/** One person's rows, oldest first, through the owner index. */
function ownedBy(db: OutboxDb, ownerId: string) {
  return db.pendingUploads
    .where("[ownerId+recordedAt+size]")
    .between([ownerId, Dexie.minKey, Dexie.minKey], [ownerId, Dexie.maxKey, Dexie.maxKey], true, true);
}

/** Everything of this person waiting, newest first (SPEC §9), as the pending cards show it. */
export async function listPendingUploads(db: OutboxDb, ownerId: string): Promise<PendingUpload[]> {
  return (await ownedBy(db, ownerId).toArray()).reverse();
}

/**
 * Ids of what waits, oldest first: the order replays send them in (a held share is not sent).
 * With an owner, only that person's; without, everyone's (a replay needing a session asks it).
 */
export async function pendingUploadIdsOldestFirst(db: OutboxDb, ownerId?: string): Promise<string[]> {
  const rows = ownerId === undefined ? db.pendingUploads.orderBy("recordedAt") : ownedBy(db, ownerId);
  return (await rows.filter((u) => u.status !== "held").primaryKeys()) as string[];
}

/**
 * Files shared to the app that wait for the person to confirm their collection, oldest first:
 * this person's, and those received while nobody was signed in (they become theirs on confirming).
 */
export function heldUploads(db: OutboxDb, ownerId: string): Promise<PendingUpload[]> {
  return db.pendingUploads
    .orderBy("recordedAt")
    .filter((u) => u.status === "held" && (u.ownerId === ownerId || u.ownerId === UNKNOWN_OWNER))
    .toArray();
}

/** The person confirmed where shared files go: they become ordinary waiting recordings, theirs. */
export async function releaseHeld(db: OutboxDb, ids: string[], domainId: string, ownerId: string): Promise<void> {
  await db.transaction("rw", db.pendingUploads, async () => {
    for (const id of ids) await db.pendingUploads.update(id, { status: "waiting", domainId, ownerId });
  });
}

/**
 * Recordings kept from before owners were recorded, whose owner is unknown: never sent, shown to
 * the signed-in person as "Recordings kept on this device from before" to keep or delete.
 */
export function unclaimedUploads(db: OutboxDb): Promise<PendingUpload[]> {
  return ownedBy(db, UNKNOWN_OWNER)
    .filter((u) => u.status !== "held")
    .toArray();
}

/** The person's Keep: the recordings from before become theirs and are sent with their session. */
export async function claimUploads(db: OutboxDb, ids: string[], ownerId: string): Promise<void> {
  await db.transaction("rw", db.pendingUploads, async () => {
    for (const id of ids) {
      const item = await db.pendingUploads.get(id);
      if (item?.ownerId === UNKNOWN_OWNER) await db.pendingUploads.update(id, { ownerId });
    }
  });
}

/** How many recordings of this person wait, for the sign-out question. */
export function countPendingUploads(db: OutboxDb, ownerId: string): Promise<number> {
  return ownedBy(db, ownerId).count();
}

export function getPendingUpload(db: OutboxDb, id: string): Promise<PendingUpload | undefined> {
  return db.pendingUploads.get(id);
}

/** The person's Delete, or the removal after the server's 2xx; nothing else removes audio. */
export function deletePendingUpload(db: OutboxDb, id: string): Promise<void> {
  return db.pendingUploads.delete(id);
}

export async function markUploading(db: OutboxDb, id: string): Promise<void> {
  await db.pendingUploads.update(id, { status: "uploading" });
}

/**
 * A failed attempt: the count rises, the reason is kept, the audio stays (SPEC §4). A permanent
 * refusal marks it rejected so replays stop resending what cannot succeed; Retry still can.
 */
export async function recordFailedAttempt(
  db: OutboxDb,
  id: string,
  failure: { message: string; status?: number; permanent: boolean; at?: number },
): Promise<PendingUpload | undefined> {
  return db.transaction("rw", db.pendingUploads, async () => {
    const item = await db.pendingUploads.get(id);
    if (!item) return undefined;
    const updated: PendingUpload = {
      ...item,
      attempts: item.attempts + 1,
      lastError: failure.message,
      lastStatus: failure.status,
      lastAttemptAt: failure.at ?? Date.now(),
      status: failure.permanent ? "rejected" : "waiting",
    };
    await db.pendingUploads.put(updated);
    return updated;
  });
}

/** An attempt that ended without a verdict on the recording (no valid session): only the status resets. */
export async function releaseUploading(db: OutboxDb, id: string, status: "waiting" | "rejected" = "waiting"): Promise<void> {
  await db.pendingUploads.update(id, { status });
}

/**
 * How much of the outbox this person's recordings take, for the "x of 80 MB" line: another
 * person's are never counted (the cap itself is the device's, for everyone's together).
 */
export async function outboxUsage(db: OutboxDb, ownerId: string, maxBytes: number = OUTBOX_MAX_BYTES): Promise<OutboxUsage> {
  let bytes = 0;
  let count = 0;
  await ownedBy(db, ownerId).eachKey((key) => {
    bytes += (key as [string, number, number])[2];
    count += 1;
  });
  return { bytes, count, maxBytes };
}
