import { askForPersistentStorage } from "../../lib/persistent-storage";
import { toast } from "../../lib/toast-store";
import { outboxDb, type ActiveRecording } from "../outbox/outbox-db";
import { discardRecording, finishRecording } from "../outbox/recording-journal";
import { scheduleBackgroundSync, sendFromPage, sendWithoutOutbox, toastEvicted } from "../outbox/page-outbox";

export type FinishedTake = { recording: ActiveRecording; audio: Blob; title: string; duration: number };

const SUCCESS = { title: "Upload Successful", description: "Recording uploaded and transcription started." } as const;

/**
 * After Finish (SPEC §4): the take is first kept in the outbox (so it survives whatever happens
 * next), then sent if online; it leaves the device only on the server's 2xx. Offline →
 * "Saved Offline"; a failed upload → "Upload Failed - Saved Locally"; if even keeping it failed,
 * it is sent directly, and if that fails too the spec's both-failed message shows (its chunks
 * stay journaled, so the next start still recovers it).
 */
export async function saveRecording(take: FinishedTake): Promise<void> {
  const db = outboxDb();
  let kept = false;
  try {
    const { evicted } = await finishRecording(db, take.recording, { audio: take.audio, title: take.title, duration: take.duration });
    kept = true;
    void askForPersistentStorage();
    if (evicted.length > 0) toastEvicted(evicted.map((e) => e.title));
  } catch (err) {
    console.warn("could not keep the recording in the outbox", err);
  }

  if (!navigator.onLine) {
    if (kept) {
      toast({ title: "Saved Offline", description: "Your recording will upload automatically when you're back online." });
      void scheduleBackgroundSync();
    } else {
      toast({ variant: "destructive", title: "Upload Failed", description: "Failed to upload recording and couldn't save locally. Please try again." });
    }
    return;
  }

  if (kept) {
    const result = await sendFromPage(take.recording.id);
    if (result.kind === "delivered" || result.kind === "gone") toast(SUCCESS);
    else if (result.kind !== "busy") {
      toast({
        variant: "destructive",
        title: "Upload Failed - Saved Locally",
        description: "The recording is kept on this device and will be uploaded later.",
      });
      void scheduleBackgroundSync();
    }
    return;
  }

  const direct = await sendWithoutOutbox(take);
  if (direct.kind === "delivered") {
    await discardRecording(db, take.recording.id).catch(() => {});
    toast(SUCCESS);
  } else {
    toast({ variant: "destructive", title: "Upload Failed", description: "Failed to upload recording and couldn't save locally. Please try again." });
  }
}
