import { Dexie, type DexieOptions, type EntityTable, type Table } from "dexie";
import { OUTBOX_DB_NAME, OUTBOX_DB_VERSION, OUTBOX_STORE_NAME } from "@vj/core";
import { trackReads } from "./parking";

/**
 * The local outbox (SPEC §3 "Pending upload", DESIGN §8). No React and no DOM here: the page and
 * the service worker open the same database and share every operation on it.
 *
 * Audio is stored as a Blob where the browser can (file-backed, cheap to read); a browser that
 * refuses Blobs in IndexedDB (older Safari) gets the bytes as an ArrayBuffer instead, see
 * audio-storage.ts. Exactly one of the two is set.
 */
export type StoredAudio = { audioBlob?: Blob; audioBuffer?: ArrayBuffer };

/**
 * waiting: will be sent by the next replay; uploading: a context is sending it now (the Web Lock
 * is the real guard, this is for the UI); rejected: the server refused it for good (413, 400...)
 * and only a person's Retry sends it again; held: shared to the installed app, it waits until the
 * person confirms its collection. Never deleted without a 2xx (or the person's Delete).
 */
export type PendingUploadStatus = "waiting" | "uploading" | "rejected" | "held";

/** A finished recording waiting for the server's 2xx (SPEC §3 fields plus what the outbox needs). */
export type PendingUpload = StoredAudio & {
  /** rec-{timestamp}-{random}; sent as clientId, so a replay never creates a second note. */
  id: string;
  /**
   * The user id of the person who made it: only sent with that person's session, only shown and
   * counted to them (DESIGN §13). UNKNOWN_OWNER for a recording kept from before owners were
   * recorded, whose owner could not be told: it waits until a signed-in person claims it.
   */
  ownerId: string;
  title: string;
  /** Seconds. */
  duration: number;
  /** ISO timestamp of the note (the viewed day with the time of recording, SPEC §4). */
  createdAt: string;
  domainId: string | null;
  attempts: number;
  lastError?: string;
  mimeType: string;
  /** Bytes of audio, kept beside it so the 80 MB cap is summed without reading any audio. */
  size: number;
  status: PendingUploadStatus;
  /** Epoch ms when the recording started: "oldest first" and "newest first" follow it. */
  recordedAt: number;
  /** IANA zone of the recording, so the server files the note on the person's day even from a replay. */
  timeZone: string;
  /** The HTTP status of the last failed attempt, if it got that far. */
  lastStatus?: number;
  /** Epoch ms of the last attempt. */
  lastAttemptAt?: number;
};

/** A recording under way: its metadata, so an interrupted one can be rebuilt from its chunks. */
export type ActiveRecording = {
  id: string;
  /** The person recording it (see PendingUpload.ownerId). */
  ownerId: string;
  mimeType: string;
  /** The title typed so far, or the default title computed when recording started. */
  title: string;
  createdAt: string;
  domainId: string | null;
  recordedAt: number;
  timeZone: string;
};

/** One MediaRecorder chunk (about 1000 ms), written as it arrives. */
export type RecordingChunk = StoredAudio & {
  recordingId: string;
  seq: number;
  /** Recorded (unpaused) milliseconds at the end of this chunk: the duration if the recording stops here. */
  elapsedMs: number;
  size: number;
};

/** The owner of a row kept from before owners were recorded, when nobody was signed in to claim it. */
export const UNKNOWN_OWNER = "";

/** What a change is about: one item of the person's journal. */
export type ChangeTarget = { type: "note" | "collection" | "summary-type" | "summary" | "reminders"; id: string };

/** What a note added to the figures it was counted in (see PendingChange.counted). */
export type CountedNote = { domainId: string | null; createdAt: string; duration: number; transcribed: boolean };

/**
 * waiting: the next replay sends it; refused: the server refused it for good (a 4xx other than a
 * conflict) — kept with the reason until the person's Retry or Discard; conflict: the item changed
 * elsewhere since the change was made — kept with the server's version until the person chooses.
 */
export type PendingChangeStatus = "waiting" | "refused" | "conflict";

/**
 * A change other than a recording, made on this device and not yet acknowledged (DESIGN §13):
 * stored before anything is sent, replayed in the order made, sent with its id as the
 * Idempotency-Key so the server applies it once.
 */
export type PendingChange = {
  /** Order of making: replays follow it (per item, and creates before what uses them). */
  seq?: number;
  /** chg-{timestamp}-{random}; the Idempotency-Key. */
  id: string;
  /** Only sent with, shown to and counted for this person (see PendingUpload.ownerId). */
  ownerId: string;
  target: ChangeTarget;
  /** "type:id" of the target, so one item's changes are found together. */
  targetKey: string;
  action: "create" | "update" | "delete" | "retranscribe" | "generate";
  method: "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  body?: Record<string, unknown>;
  /**
   * A note's delete: where the note was counted (its collection, time, length, whether it had a
   * transcript), so the collections' and the calendar's figures drop at once, not when the server has it.
   */
  counted?: CountedNote;
  status: PendingChangeStatus;
  attempts: number;
  lastError?: string;
  lastStatus?: number;
  /** conflict: the item as the server has it now. */
  current?: Record<string, unknown>;
  /** Epoch ms when the person made it. */
  madeAt: number;
};

/** Small values shared between the page and the service worker (the mirrored session). */
export type KeyValue = { key: string; value: unknown };

export type OutboxDb = Dexie & {
  pendingUploads: EntityTable<PendingUpload, "id">;
  pendingChanges: EntityTable<PendingChange, "seq">;
  activeRecordings: EntityTable<ActiveRecording, "id">;
  recordingChunks: Table<RecordingChunk, [string, number]>;
  keyValues: EntityTable<KeyValue, "key">;
};

/** The mirrored session's key in keyValues (session-mirror.ts). */
export const SESSION_KEY = "session";

/**
 * The user id inside a JWT access token (its `sub`), or null. Only read, never trusted for
 * anything but telling whose rows an old outbox held: the server checks every token itself.
 */
export function tokenSubject(token: unknown): string | null {
  if (typeof token !== "string") return null;
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(payload.length / 4) * 4, "="));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === "string" && sub ? sub : null;
  } catch {
    return null;
  }
}

/** Who was signed in when the database was upgraded: the mirrored session's user, if any. */
function mirroredUser(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const { userId, accessToken } = value as { userId?: unknown; accessToken?: unknown };
  if (typeof userId === "string" && userId) return userId;
  return tokenSubject(accessToken);
}

/**
 * Opens (lazily, on first use) the outbox database. Version 1 as the spec fixes; the tables beside
 * `pendingUploads` are part of the same first version since nothing shipped before it.
 * Version 2 records each row's owner (DESIGN §13). Options let tests pass their own
 * fake-indexeddb factory.
 */
export function openOutboxDb(options?: DexieOptions & { name?: string }): OutboxDb {
  const { name = OUTBOX_DB_NAME, ...dexieOptions } = options ?? {};
  const db = new Dexie(name, dexieOptions) as OutboxDb;
  db.version(OUTBOX_DB_VERSION).stores({
    // [recordedAt+size]: a key-only cursor over it yields age and size without loading audio.
    [OUTBOX_STORE_NAME]: "id, recordedAt, [recordedAt+size]",
    activeRecordings: "id",
    recordingChunks: "[recordingId+seq]",
    keyValues: "key",
  });
  db.version(OUTBOX_DB_VERSION + 1)
    .stores({
      // [ownerId+recordedAt+size]: one person's age and size, again without loading audio.
      [OUTBOX_STORE_NAME]: "id, recordedAt, [recordedAt+size], [ownerId+recordedAt+size]",
    })
    .upgrade(async (tx) => {
      // Rows from before owners were recorded belong to whoever is signed in now, if anyone is;
      // otherwise they wait for a signed-in person to claim them, and are never sent meanwhile.
      const session = await tx.table<KeyValue, string>("keyValues").get(SESSION_KEY);
      const owner = mirroredUser(session?.value) ?? UNKNOWN_OWNER;
      await tx.table<ActiveRecording, string>("activeRecordings").toCollection().modify((row) => {
        row.ownerId ??= owner;
      });
      await tx.table<PendingUpload, string>(OUTBOX_STORE_NAME).toCollection().modify((row) => {
        row.ownerId ??= owner;
        // Refused with "not found" before owners were recorded: the refusal may have come from
        // another person's session. One more attempt with the owner's own session settles it.
        if (row.status === "rejected" && row.lastStatus === 404) row.status = "waiting";
      });
    });
  // Every change a person makes offline, not only recordings (DESIGN §13).
  db.version(OUTBOX_DB_VERSION + 2).stores({
    pendingChanges: "++seq, &id, [ownerId+seq]",
  });
  // A page put in the back/forward cache ends its reads, or WebKit keeps them open (parking.ts).
  trackReads(db);
  return db;
}

let shared: OutboxDb | undefined;

/** The one outbox database of this context (page or service worker). */
export function outboxDb(): OutboxDb {
  shared ??= openOutboxDb();
  return shared;
}
