import type { OutboxDb, StoredAudio } from "./outbox-db";

const PROBE_KEY = "blob-probe";
const blobSupport = new WeakMap<OutboxDb, Promise<boolean>>();

/**
 * Whether this browser stores Blobs in IndexedDB. Older Safari throws (DataCloneError,
 * UnknownError) when a record holds a Blob; there the audio is stored as an ArrayBuffer instead.
 * Probed once per database with a tiny record, so a real write never fails half-way for it.
 */
export function storesBlobs(db: OutboxDb): Promise<boolean> {
  let probe = blobSupport.get(db);
  if (!probe) {
    probe = db.keyValues
      .put({ key: PROBE_KEY, value: new Blob([new Uint8Array([1])], { type: "application/octet-stream" }) })
      .then(() => db.keyValues.delete(PROBE_KEY))
      .then(
        () => true,
        () => false,
      );
    blobSupport.set(db, probe);
  }
  return probe;
}

/** The audio in the form this browser can keep in IndexedDB. */
export async function storableAudio(db: OutboxDb, audio: Blob): Promise<StoredAudio> {
  if (await storesBlobs(db)) return { audioBlob: audio };
  return { audioBuffer: await audio.arrayBuffer() };
}

/** The stored audio as a Blob, whichever way it was kept. */
export function audioOf(stored: StoredAudio, mimeType: string): Blob {
  if (stored.audioBlob) return stored.audioBlob;
  return new Blob(stored.audioBuffer ? [stored.audioBuffer] : [], { type: mimeType });
}
