import { Dexie, type DexieOptions, type EntityTable, type Table } from "dexie";
import { OUTBOX_DB_NAME, OUTBOX_DB_VERSION, OUTBOX_STORE_NAME } from "@vj/core";

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

/** Small values shared between the page and the service worker (the mirrored session). */
export type KeyValue = { key: string; value: unknown };

export type OutboxDb = Dexie & {
  pendingUploads: EntityTable<PendingUpload, "id">;
  activeRecordings: EntityTable<ActiveRecording, "id">;
  recordingChunks: Table<RecordingChunk, [string, number]>;
  keyValues: EntityTable<KeyValue, "key">;
};

/**
 * Opens (lazily, on first use) the outbox database. Version 1 as the spec fixes; the tables beside
 * `pendingUploads` are part of the same first version since nothing shipped before it.
 * Options let tests pass their own fake-indexeddb factory.
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
  return db;
}

let shared: OutboxDb | undefined;

/** The one outbox database of this context (page or service worker). */
export function outboxDb(): OutboxDb {
  shared ??= openOutboxDb();
  return shared;
}
