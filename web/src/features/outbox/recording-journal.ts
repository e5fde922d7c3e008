import { Dexie } from "dexie";
import { audioOf, storableAudio } from "./audio-storage";
import { contextLocks, lockNames, type Locks } from "./locks";
import type { ActiveRecording, OutboxDb, PendingUpload, RecordingChunk } from "./outbox-db";
import { addPendingUpload, releaseUploading, type EvictedUpload } from "./outbox-store";

/**
 * Crash-safe recording (DESIGN §8): a recording under way has a row in activeRecordings and one
 * row per MediaRecorder chunk, written as each arrives, so a reload, a crash or a closed tab loses
 * at most the last chunk. Finishing moves it into pendingUploads and drops the chunks in one
 * transaction; the next start rebuilds any recording that never finished.
 */

export async function beginRecording(db: OutboxDb, recording: ActiveRecording): Promise<void> {
  await db.activeRecordings.put(recording);
}

/** Keeps the title typed so far, so a recovered recording carries it. */
export async function updateRecordingTitle(db: OutboxDb, id: string, title: string): Promise<void> {
  await db.activeRecordings.update(id, { title });
}

/** One chunk, in order; elapsedMs is the unpaused time recorded up to its end. */
export async function appendChunk(db: OutboxDb, recordingId: string, seq: number, data: Blob, elapsedMs: number): Promise<void> {
  const stored = await storableAudio(db, data);
  const chunk: RecordingChunk = { ...stored, recordingId, seq, elapsedMs, size: data.size };
  await db.recordingChunks.put(chunk);
}

function chunksOf(db: OutboxDb, recordingId: string) {
  return db.recordingChunks.where("[recordingId+seq]").between([recordingId, Dexie.minKey], [recordingId, Dexie.maxKey], true, true);
}

/** Drops a recording's journal: on Cancel, or once it is safely in the outbox or on the server. */
export async function discardRecording(db: OutboxDb, recordingId: string): Promise<void> {
  await db.transaction("rw", db.activeRecordings, db.recordingChunks, async () => {
    await chunksOf(db, recordingId).delete();
    await db.activeRecordings.delete(recordingId);
  });
}

/**
 * A finished recording goes into the outbox and its chunk rows go, atomically. The audio comes
 * from the recorder's memory, the complete take even if a chunk write had failed.
 */
export async function finishRecording(
  db: OutboxDb,
  recording: ActiveRecording,
  finished: { audio: Blob; title: string; duration: number },
  options: { maxBytes?: number } = {},
): Promise<{ item: PendingUpload; evicted: EvictedUpload[] }> {
  return addPendingUpload(
    db,
    {
      id: recording.id,
      ownerId: recording.ownerId,
      audio: finished.audio,
      title: finished.title,
      duration: finished.duration,
      createdAt: recording.createdAt,
      domainId: recording.domainId,
      recordedAt: recording.recordedAt,
      timeZone: recording.timeZone,
    },
    {
      ...options,
      alsoInTransaction: {
        tables: [db.activeRecordings, db.recordingChunks],
        run: async () => {
          await chunksOf(db, recording.id).delete();
          await db.activeRecordings.delete(recording.id);
        },
      },
    },
  );
}

export type RecoveryReport = { recovered: PendingUpload[]; evicted: EvictedUpload[] };

/**
 * At start: every recording that never finished, and that no live tab is still recording (that
 * tab holds its lock), is assembled from its chunks in order into the outbox. A recording with no
 * chunk at all is simply forgotten. Also frees items left "uploading" by a sender that died.
 */
export async function recoverInterruptedRecordings(
  db: OutboxDb,
  { locks = contextLocks(), maxBytes }: { locks?: Locks; maxBytes?: number } = {},
): Promise<RecoveryReport> {
  const report: RecoveryReport = { recovered: [], evicted: [] };
  for (const recording of await db.activeRecordings.toArray()) {
    await locks.run(
      lockNames.recording(recording.id),
      async () => {
        const chunks = await chunksOf(db, recording.id).toArray();
        if (chunks.length === 0) {
          await discardRecording(db, recording.id);
          return;
        }
        const audio = new Blob(
          chunks.map((chunk) => audioOf(chunk, recording.mimeType)),
          { type: recording.mimeType },
        );
        const duration = Math.round(chunks[chunks.length - 1]!.elapsedMs / 1000);
        const { item, evicted } = await finishRecording(db, recording, { audio, title: recording.title, duration }, { maxBytes });
        report.recovered.push(item);
        report.evicted.push(...evicted);
      },
      { ifAvailable: true },
    );
  }
  const stale = (await db.pendingUploads.filter((item) => item.status === "uploading").primaryKeys()) as string[];
  for (const id of stale) {
    // Nobody holds its lock: the sender is gone (a closed tab, a killed worker).
    await locks.run(lockNames.item(id), () => releaseUploading(db, id), { ifAvailable: true });
  }
  return report;
}
