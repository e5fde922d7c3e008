import { audioTypeOf, isAudioFile, titleFromFileName } from "../import-audio/audio-files";
import { UNKNOWN_OWNER, type OutboxDb } from "../outbox/outbox-db";
import { readMirroredUser } from "../outbox/session-mirror";
import { addPendingUpload, newOutboxId } from "../outbox/outbox-store";

/** Where the installed app receives shared files (the manifest's share_target action). */
export const SHARE_TARGET_PATH = "/share-target";
/** The multipart field the manifest names for shared files. */
export const SHARE_TARGET_FIELD = "audio";

/**
 * A POST from the system share sheet (Android), handled by the service worker: every audio file
 * is kept in the outbox as held (it survives anything from here on), and the app opens on them,
 * where the person confirms the collection. No DOM and no React: it runs in the worker.
 */
export async function receiveShared(db: OutboxDb, form: FormData, timeZone: string, now = Date.now()): Promise<{ kept: number; refused: string[] }> {
  let kept = 0;
  const refused: string[] = [];
  // Kept as the signed-in person's; received signed out, it becomes theirs who confirms it.
  const ownerId = (await readMirroredUser(db)) ?? UNKNOWN_OWNER;
  for (const [i, entry] of form.getAll(SHARE_TARGET_FIELD).entries()) {
    if (typeof entry === "string") continue;
    const file = entry as File;
    if (!isAudioFile(file)) {
      refused.push(file.name);
      continue;
    }
    const type = audioTypeOf(file);
    await addPendingUpload(db, {
      id: newOutboxId(now + i),
      ownerId,
      title: titleFromFileName(file.name),
      duration: 0,
      createdAt: new Date(file.lastModified || now).toISOString(),
      domainId: null,
      audio: file.type === type ? file : new Blob([file], { type }),
      recordedAt: now + i,
      timeZone,
      held: true,
    });
    kept++;
  }
  return { kept, refused };
}
