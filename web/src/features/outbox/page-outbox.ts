import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { toast } from "../../lib/toast-store";
import { beginActivity } from "../../lib/app-activity";
import { onApiSuccess } from "../../lib/api-success";
import { serviceWorkerRegistration } from "../../lib/register-sw";
import { isOutboxReplayedMessage, requestBackgroundSync } from "./background-sync";
import { outboxDb } from "./outbox-db";
import { recoverInterruptedRecordings } from "./recording-journal";
import { replayOutbox, sendPendingUpload, type ReplayReport, type SendContext, type SendResult } from "./replay";
import { createRetrySchedule, type RetrySchedule } from "./retry-schedule";
import { setUploadProgress } from "./upload-progress";
import { uploadRecording, type UploadOutcome } from "./upload-recording";
import type { ActiveRecording, PendingChange } from "./outbox-db";
import { addChange, discardChange, keepMine, retryChange, type NewChange } from "./changes-store";
import type { OutboxSession } from "./session-mirror";
import { xhrTransport } from "./xhr-transport";

/**
 * The page's side of the outbox: it sends what waits when the worker cannot (no Background Sync
 * in Safari and Firefox, an expired token in the worker, a server down while the browser counts
 * itself online), on `online`, on becoming visible, at start, on a backoff timer while something
 * waits (retry-schedule.ts) and as soon as another API request succeeds, after refreshing the
 * session. Wired once in main.tsx.
 */
export type PageOutboxDeps = {
  queryClient: QueryClient;
  /**
   * The cached answers a delivered recording changes (the notes lists, the collections' figures),
   * refreshed by prefix after each delivery: the app names them (main.tsx), so the outbox needs
   * none of the features that show them.
   */
  refreshAfterDelivery: readonly QueryKey[];
  /** What else a delivered change may have changed (summaries, summary types), refreshed after changes only. */
  refreshAfterChanges?: readonly QueryKey[];
  /** The session's access token and user, read together; `refresh` forces a new token (after a 401). */
  getSession: (refresh: boolean) => Promise<OutboxSession | null>;
};

let deps: PageOutboxDeps | undefined;
let schedule: RetrySchedule | undefined;

function context(refresh = false): SendContext {
  if (!deps) throw new Error("startPageOutbox was not called");
  const { getSession } = deps;
  return {
    db: outboxDb(),
    baseUrl: "",
    getSession: () => getSession(refresh),
    transport: xhrTransport,
    onProgress: (id, sent, total) => setUploadProgress(id, total > 0 ? sent / total : 0),
  };
}

/** Refreshes what a delivery from any context changed (the day's notes, the collection stats). */
function refreshAfterDelivery(changes = false): void {
  if (!deps) return;
  const keys = changes ? [...deps.refreshAfterDelivery, ...(deps.refreshAfterChanges ?? [])] : deps.refreshAfterDelivery;
  for (const queryKey of keys) void deps.queryClient.invalidateQueries({ queryKey });
}

/** Sends one recording now (after Finish, or a person's Retry), refreshing the session once on a 401. */
export async function sendFromPage(id: string): Promise<SendResult> {
  const end = beginActivity("uploading");
  try {
    let result = await sendPendingUpload(context(), id);
    if (result.kind === "unauthorized" || result.kind === "no-session") result = await sendPendingUpload(context(true), id);
    if (result.kind === "delivered") refreshAfterDelivery();
    // Kept for later (server down, no connection): the page tries again by itself.
    if (result.kind === "retry") schedule?.ensure();
    return result;
  } finally {
    setUploadProgress(id, null);
    end();
  }
}

/**
 * The last resort when the outbox could not keep a take (storage full or blocked): send it straight
 * from memory, with its outbox id as clientId all the same.
 */
export async function sendWithoutOutbox(take: {
  recording: ActiveRecording;
  audio: Blob;
  title: string;
  duration: number;
}): Promise<UploadOutcome> {
  const end = beginActivity("uploading");
  try {
    const ctx = context();
    const session = await ctx.getSession();
    const { recording } = take;
    // Signed out, or another person signed in meanwhile: never sent with their session.
    if (!session || session.userId !== recording.ownerId) return { kind: "unauthorized", status: 401, message: "401: not signed in" };
    const token = session.accessToken;
    const outcome = await uploadRecording(
      {
        id: recording.id,
        ownerId: recording.ownerId,
        audioBlob: take.audio,
        title: take.title,
        duration: take.duration,
        createdAt: recording.createdAt,
        domainId: recording.domainId,
        attempts: 0,
        mimeType: recording.mimeType,
        size: take.audio.size,
        status: "uploading",
        recordedAt: recording.recordedAt,
        timeZone: recording.timeZone,
      },
      { baseUrl: "", accessToken: token, transport: xhrTransport },
    );
    if (outcome.kind === "delivered") refreshAfterDelivery();
    return outcome;
  } finally {
    end();
  }
}

let running: Promise<ReplayReport | null> | undefined;

/** Replays the whole outbox once (joined if one is already running in this page). */
export function replayFromPage(): Promise<ReplayReport | null> {
  running ??= (async () => {
    const db = outboxDb();
    if (!navigator.onLine || (await db.pendingUploads.count()) + (await db.pendingChanges.count()) === 0) return null;
    const end = beginActivity("uploading");
    try {
      let report = await replayOutbox(context());
      if (report.needsSession) {
        const again = await replayOutbox(context(true));
        report = { ...again, delivered: [...report.delivered, ...again.delivered] };
      }
      const changed = report.changes.delivered.length > 0 || report.changes.conflicts.length > 0;
      if (report.delivered.length > 0 || changed) refreshAfterDelivery(changed);
      toastGone(report);
      return report;
    } finally {
      end();
    }
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/**
 * A person signed in on this browser: what waits of theirs is sent now, with their session. A
 * replay under way began with the session before (another person's, or none) and is let finish
 * first; whatever this one cannot deliver is tried again from the start of the backoff (5 s),
 * not at the step the other person's wait had reached.
 */
export async function replayForNewPerson(): Promise<void> {
  await running?.catch(() => null);
  await (schedule ? schedule.again() : replayFromPage());
}

/**
 * A change the person made (a rename, a delete, a new collection...): kept in the outbox first,
 * then sent by the same replay as recordings — at once when online, else when the connection is
 * back (Background Sync, `online`, the retry timer). Resolves once it is kept, not sent.
 */
export async function makeChange(input: NewChange): Promise<PendingChange> {
  const change = await addChange(outboxDb(), input);
  void scheduleBackgroundSync();
  if (deps && navigator.onLine) {
    // After any replay under way (it may have passed the changes already), one more.
    void (running ?? Promise.resolve(null))
      .then(() => replayFromPage())
      .then((report) => {
        if (worthAnotherTry(report)) schedule?.ensure();
      })
      .catch((err: unknown) => console.warn("outbox replay failed", err));
  }
  return change;
}

/** The person's Retry, Keep mine or Discard on a change: applied, then the outbox replays. */
export async function settleChange(seq: number, choice: "retry" | "keep-mine" | "discard"): Promise<void> {
  const db = outboxDb();
  if (choice === "retry") await retryChange(db, seq);
  else if (choice === "keep-mine") await keepMine(db, seq);
  else await discardChange(db, seq);
  refreshAfterDelivery(true);
  if (choice !== "discard" && deps && navigator.onLine) void replayFromPage().catch(() => undefined);
}

/** Asks the worker to send what waits as soon as there is a connection, even after this tab closes. */
export async function scheduleBackgroundSync(): Promise<boolean> {
  return requestBackgroundSync(await serviceWorkerRegistration());
}

/** Recovers interrupted recordings, replays, and replays again whenever the connection or the tab comes back. */
export function startPageOutbox(options: PageOutboxDeps): () => void {
  deps = options;
  const retries = createRetrySchedule(
    async () => worthAnotherTry(await replayFromPage()),
    { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>), now: () => Date.now() },
  );
  schedule = retries;
  const replay = () => {
    retries.now().catch((err: unknown) => console.warn("outbox replay failed", err));
  };
  const stopListening = onApiSuccess(() => retries.serverBack());
  const onVisible = () => {
    if (document.visibilityState === "visible") replay();
  };
  const onWorkerMessage = (event: MessageEvent) => {
    if (!isOutboxReplayedMessage(event.data)) return;
    const { report } = event.data;
    const changed = report.changes.delivered.length > 0 || report.changes.conflicts.length > 0;
    if (report.delivered.length > 0 || changed) refreshAfterDelivery(changed);
    toastGone(report);
  };

  void recoverInterruptedRecordings(outboxDb())
    .then(({ recovered, evicted }) => {
      if (recovered.length > 0) {
        toast({
          title: "Recording Recovered",
          description:
            recovered.length === 1
              ? "A recording that was interrupted has been saved and will be uploaded."
              : `${recovered.length} recordings that were interrupted have been saved and will be uploaded.`,
        });
      }
      if (evicted.length > 0) toastEvicted(evicted.map((e) => e.title));
    })
    .catch((err: unknown) => console.warn("could not recover interrupted recordings", err))
    .finally(replay);

  window.addEventListener("online", replay);
  document.addEventListener("visibilitychange", onVisible);
  navigator.serviceWorker?.addEventListener("message", onWorkerMessage);
  return () => {
    retries.stop();
    stopListening();
    schedule = undefined;
    window.removeEventListener("online", replay);
    document.removeEventListener("visibilitychange", onVisible);
    navigator.serviceWorker?.removeEventListener("message", onWorkerMessage);
  };
}

/**
 * Whether a replay left something that another try may deliver: kept after a server error or no
 * answer, held by another sender, or waiting for a session. Nothing waiting, or a browser that
 * knows it is offline (its `online` event replays), needs no timer.
 */
export function worthAnotherTry(report: ReplayReport | null): boolean {
  if (!report) return false;
  return report.failed.length > 0 || report.busy.length > 0 || report.offline || report.needsSession || report.changes.stopped === "server";
}

/** A change made on an item deleted elsewhere meanwhile: the delete won, and the person is told. */
function toastGone(report: ReplayReport): void {
  const gone = report.changes.gone.filter((c) => c.action === "update" || c.action === "retranscribe");
  if (gone.length === 0) return;
  refreshAfterDelivery();
  toast({
    title: "Deleted on another device",
    description:
      gone.length === 1
        ? "Your change was not saved: the item was deleted on another device."
        : `${gone.length} changes were not saved: their items were deleted on another device.`,
  });
}

/** Tells the person which older recordings the 80 MB cap pushed out. */
export function toastEvicted(titles: string[]): void {
  toast({
    variant: "destructive",
    title: "Offline Storage Full",
    description: `The oldest pending ${titles.length === 1 ? "recording was" : "recordings were"} removed to make room: ${titles
      .map((t) => `"${t}"`)
      .join(", ")}.`,
  });
}
