import { Dexie } from "dexie";
import type { ChangeTarget, OutboxDb, PendingChange } from "./outbox-db";

/** What a person's action brings to the outbox; the outbox adds its id, order and status. */
export type NewChange = Pick<PendingChange, "ownerId" | "target" | "action" | "method" | "path" | "body" | "counted">;

/** A create of an item whose id was made on this device: the request the screen would have sent. */
export function createChange(ownerId: string, target: ChangeTarget, path: string, body: Record<string, unknown>): NewChange {
  return { ownerId, target, action: "create", method: "POST", path, body };
}

/** chg-{timestamp}-{random}, made on the device: the change's Idempotency-Key. */
export function newChangeId(now: number = Date.now(), random: () => number = Math.random): string {
  return `chg-${now}-${random().toString(36).slice(2, 10).padEnd(8, "0")}`;
}

export const targetKey = (target: ChangeTarget): string => `${target.type}:${target.id}`;

/** Keeps the change before anything is sent (DESIGN §13); returns it as stored. */
export async function addChange(db: OutboxDb, input: NewChange, now: number = Date.now()): Promise<PendingChange> {
  const change: PendingChange = {
    ...input,
    id: newChangeId(now),
    targetKey: targetKey(input.target),
    status: "waiting",
    attempts: 0,
    madeAt: now,
  };
  const seq = await db.pendingChanges.add(change);
  return { ...change, seq: seq as number };
}

/** One person's changes in the order made. */
export function listChanges(db: OutboxDb, ownerId: string): Promise<PendingChange[]> {
  return db.pendingChanges
    .where("[ownerId+seq]")
    .between([ownerId, Dexie.minKey], [ownerId, Dexie.maxKey], true, true)
    .toArray();
}

export function countChanges(db: OutboxDb, ownerId: string): Promise<number> {
  return db.pendingChanges
    .where("[ownerId+seq]")
    .between([ownerId, Dexie.minKey], [ownerId, Dexie.maxKey], true, true)
    .count();
}

/** The server has it: the change leaves the outbox. */
export async function removeChange(db: OutboxDb, seq: number): Promise<void> {
  await db.pendingChanges.delete(seq);
}

export async function recordChangeFailure(
  db: OutboxDb,
  seq: number,
  failure: { status: PendingChange["status"]; message: string; httpStatus?: number; current?: Record<string, unknown> },
): Promise<void> {
  await db.transaction("rw", db.pendingChanges, async () => {
    const row = await db.pendingChanges.get(seq);
    if (!row) return;
    await db.pendingChanges.put({
      ...row,
      status: failure.status,
      attempts: row.attempts + 1,
      lastError: failure.message,
      lastStatus: failure.httpStatus,
      current: failure.current,
    });
  });
}

/**
 * The person's Retry of a refused change: sent again as it is, under a new id (the server keeps
 * its answer to the old one, and would only give the refusal back).
 */
export async function retryChange(db: OutboxDb, seq: number): Promise<void> {
  await db.pendingChanges.update(seq, { id: newChangeId(), status: "waiting", lastError: undefined, current: undefined });
}

/**
 * The person chose their own version over the one changed elsewhere: sent again without the
 * version it was made from, so it applies over the other (both were shown first).
 */
export async function keepMine(db: OutboxDb, seq: number): Promise<void> {
  await db.transaction("rw", db.pendingChanges, async () => {
    const row = await db.pendingChanges.get(seq);
    if (!row) return;
    const body = Object.fromEntries(Object.entries(row.body ?? {}).filter(([key]) => !key.startsWith("base")));
    // A new id: the old one's answer (the conflict) is what the server would give back.
    await db.pendingChanges.put({ ...row, id: newChangeId(), body, status: "waiting", current: undefined, lastError: undefined });
  });
}

/** The person's Discard: the change is dropped, never sent; what the server has stays. */
export async function discardChange(db: OutboxDb, seq: number): Promise<void> {
  await db.pendingChanges.delete(seq);
}

/**
 * A collection created on this device got its id from the server: every later change and every
 * waiting recording that named the device's id now names the server's (DESIGN §13: creates
 * replay first, and what follows uses the server's id).
 */
export async function followServerId(db: OutboxDb, ownerId: string, deviceId: string, serverId: string): Promise<void> {
  if (deviceId === serverId) return;
  await db.transaction("rw", db.pendingChanges, db.pendingUploads, db.keyValues, async () => {
    // Kept, so an address made from the device's id (a name with no a-z/0-9) finds the item.
    await db.keyValues.put({ key: `${FOLLOWED_PREFIX}${deviceId}`, value: serverId });
    const swap = (value: string) => value.split(deviceId).join(serverId);
    for (const change of await listChanges(db, ownerId)) {
      const body = change.body ? (JSON.parse(swap(JSON.stringify(change.body))) as Record<string, unknown>) : undefined;
      const target = change.target.id === deviceId ? { ...change.target, id: serverId } : change.target;
      await db.pendingChanges.put({ ...change, target, targetKey: targetKey(target), path: swap(change.path), body });
    }
    await db.pendingUploads.where("[ownerId+recordedAt+size]").between([ownerId, Dexie.minKey, Dexie.minKey], [ownerId, Dexie.maxKey, Dexie.maxKey]).modify((u) => {
      if (u.domainId === deviceId) u.domainId = serverId;
    });
  });
}

const FOLLOWED_PREFIX = "followed:";

/**
 * The server's id of an item created on this device, found by the start of the device's id (an
 * address made from an id keeps its first 8 characters, packages/core slug.ts); null if none.
 */
export async function followedServerId(db: OutboxDb, deviceIdStart: string): Promise<string | null> {
  if (!deviceIdStart) return null;
  const row = await db.keyValues.where("key").startsWith(`${FOLLOWED_PREFIX}${deviceIdStart}`).first();
  return typeof row?.value === "string" ? row.value : null;
}

/** Ids of collections created on this device whose create the server has not acknowledged yet. */
export async function unsentCreates(db: OutboxDb, ownerId: string): Promise<Set<string>> {
  return new Set((await listChanges(db, ownerId)).filter((c) => c.action === "create").map((c) => c.target.id));
}
