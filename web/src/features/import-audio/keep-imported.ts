import { toast } from "../../lib/toast-store";
import { outboxDb } from "../outbox/outbox-db";
import { addPendingUpload, newOutboxId } from "../outbox/outbox-store";
import { scheduleBackgroundSync, sendFromPage, toastEvicted } from "../outbox/page-outbox";

export type ImportedAudio = { file: Blob; title: string; createdAt: Date; duration: number; mimeType: string };

/**
 * Imported files enter the outbox exactly like recordings (DESIGN §12): kept first, sent when
 * online, retried until the server's 2xx, never lost offline. Returns how many were kept.
 */
export async function keepImportedAudio(items: ImportedAudio[], domainId: string, timeZone: string, ownerId: string): Promise<number> {
  const db = outboxDb();
  const ids: string[] = [];
  for (const [i, item] of items.entries()) {
    const id = newOutboxId(Date.now() + i);
    const audio = item.file.type === item.mimeType ? item.file : new Blob([item.file], { type: item.mimeType });
    const { evicted } = await addPendingUpload(db, {
      id,
      ownerId,
      title: item.title,
      duration: item.duration,
      createdAt: item.createdAt.toISOString(),
      domainId,
      audio,
      recordedAt: Date.now() + i,
      timeZone,
    });
    if (evicted.length > 0) toastEvicted(evicted.map((e) => e.title));
    ids.push(id);
  }
  if (!navigator.onLine) {
    void scheduleBackgroundSync();
    return ids.length;
  }
  const results = await Promise.all(ids.map((id) => sendFromPage(id)));
  if (results.some((r) => r.kind !== "delivered" && r.kind !== "gone" && r.kind !== "busy")) {
    toast({ variant: "destructive", title: "Upload Failed - Saved Locally", description: "The recordings are kept on this device and will be uploaded later." });
    void scheduleBackgroundSync();
  }
  return ids.length;
}

/** The length of a recording as the browser reads it; 0 when it cannot tell (the server's engine corrects it). */
export function readDuration(file: Blob): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    const done = (seconds: number) => {
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0);
    };
    const timer = setTimeout(() => done(0), 5000);
    audio.preload = "metadata";
    audio.onloadedmetadata = () => {
      clearTimeout(timer);
      done(audio.duration);
    };
    audio.onerror = () => {
      clearTimeout(timer);
      done(0);
    };
    audio.src = url;
  });
}
