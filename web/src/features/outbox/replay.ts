import { contextLocks, lockNames, type Locks } from "./locks";
import type { OutboxDb } from "./outbox-db";
import type { OutboxSession } from "./session-mirror";
import {
  deletePendingUpload,
  getPendingUpload,
  markUploading,
  pendingUploadIdsOldestFirst,
  recordFailedAttempt,
  releaseUploading,
} from "./outbox-store";
import { uploadRecording, type Transport, type UploadOutcome } from "./upload-recording";
import { replayChanges, type ChangeFetch, type ChangeReplayReport } from "./replay-changes";
import { unsentCreates } from "./changes-store";
import { markSendStep } from "./send-steps";

/** What sending needs; the page and the service worker each build one. */
export type SendContext = {
  db: OutboxDb;
  /** "" on the page; the origin in the service worker. */
  baseUrl: string;
  /**
   * A usable access token and whose it is, read together, or null when there is none (signed
   * out, expired in the worker). Only that person's rows are sent with it.
   */
  getSession: () => Promise<OutboxSession | null>;
  transport: Transport;
  locks?: Locks;
  /** How changes other than recordings are sent (JSON requests); fetch by default. */
  fetch?: ChangeFetch;
  onProgress?: (id: string, sent: number, total: number) => void;
  now?: () => number;
};

export type SendResult =
  | { id: string; kind: "busy" } // another sender (tab, worker) has it right now
  | { id: string; kind: "gone" } // no longer in the outbox: delivered elsewhere or deleted
  | { id: string; kind: "no-session" } // no usable token: left for the page
  | { id: string; kind: "skipped" } // refused for good before; only a person's Retry resends it
  | { id: string; kind: "not-yours" } // another person's: it waits, untouched, for its owner's session
  | ({ id: string } & UploadOutcome);

/**
 * Sends one waiting recording, holding its lock so no other tab or the worker sends it at the
 * same time. It is read again inside the lock (another sender may have delivered it meanwhile),
 * and it leaves the outbox only when the server answered 2xx.
 */
export async function sendPendingUpload(
  ctx: SendContext,
  id: string,
  { skipRejected = false }: { skipRejected?: boolean } = {},
): Promise<SendResult> {
  const locks = ctx.locks ?? contextLocks();
  const now = ctx.now ?? Date.now;
  const attempt = await locks.run(
    lockNames.item(id),
    async (): Promise<SendResult> => {
      markSendStep("locked", id);
      const item = await getPendingUpload(ctx.db, id);
      markSendStep("read", id);
      if (!item) return { id, kind: "gone" };
      if (skipRejected && item.status === "rejected") return { id, kind: "skipped" };
      // Shared to the app: not sent before the person has said which collection it belongs to.
      if (item.status === "held") return { id, kind: "skipped" };
      const session = await ctx.getSession();
      markSendStep("session", id);
      if (!session) return { id, kind: "no-session" };
      // Never sent with another person's session: it waits for its owner, exactly as it is.
      if (item.ownerId !== session.userId) return { id, kind: "not-yours" };
      const token = session.accessToken;
      const before = item.status === "rejected" ? "rejected" : "waiting";
      markSendStep("marking", id);
      await markUploading(ctx.db, id);
      markSendStep("sending", id);
      const outcome = await uploadRecording(item, {
        baseUrl: ctx.baseUrl,
        accessToken: token,
        transport: ctx.transport,
        onProgress: ctx.onProgress && ((sent, total) => ctx.onProgress!(id, sent, total)),
      });
      markSendStep("answered", id);
      switch (outcome.kind) {
        case "delivered":
          await deletePendingUpload(ctx.db, id);
          break;
        case "unauthorized":
          // The token, not the recording, failed: no attempt is counted, the page refreshes and retries.
          await releaseUploading(ctx.db, id, before);
          break;
        case "rejected":
          await recordFailedAttempt(ctx.db, id, { message: outcome.message, status: outcome.status, permanent: true, at: now() });
          break;
        case "retry":
          await recordFailedAttempt(ctx.db, id, { message: outcome.message, status: outcome.status, permanent: false, at: now() });
          break;
      }
      markSendStep("kept", id);
      return { id, ...outcome };
    },
    { ifAvailable: true },
  );
  return attempt.acquired ? attempt.value : { id, kind: "busy" };
}

export type ReplayReport = {
  delivered: string[];
  /** Kept for a later try (server error, no connection). */
  failed: string[];
  /** Kept with the reason: the server will not take them as they are. */
  rejected: string[];
  /** Being sent by another tab or the worker. */
  busy: string[];
  /** Stopped because there is no valid session: the page must refresh it and replay. */
  needsSession: boolean;
  /** Stopped because the network is unreachable: the next online event or sync replays. */
  offline: boolean;
  /** The changes other than recordings: sent, refused for good, in conflict. */
  changes: ChangeReplayReport;
};

/**
 * Sends everything of the signed-in person that waits, oldest first (other people's rows wait for
 * their owner). One replay runs at a time across the origin (a second
 * one waits, then finds only what is left); recordings added while it runs are sent too.
 * Recordings the server refused for good are not resent here, only by a person's Retry.
 */
export async function replayOutbox(ctx: SendContext): Promise<ReplayReport> {
  const locks = ctx.locks ?? contextLocks();
  const report: ReplayReport = {
    delivered: [],
    failed: [],
    rejected: [],
    busy: [],
    needsSession: false,
    offline: false,
    changes: { delivered: [], refused: [], conflicts: [], gone: [], stopped: null },
  };
  await locks.run(lockNames.replay, async () => {
    // Changes first, in the order made: a collection created offline exists before a recording
    // made into it is sent.
    report.changes = await replayChanges({ db: ctx.db, baseUrl: ctx.baseUrl, getSession: ctx.getSession, fetch: ctx.fetch });
    if (report.changes.stopped === "offline") {
      report.offline = true;
      return;
    }
    if (report.changes.stopped === "session") {
      report.needsSession = true;
      return;
    }
    const tried = new Set<string>();
    for (;;) {
      const session = await ctx.getSession();
      if (!session) {
        report.needsSession = (await pendingUploadIdsOldestFirst(ctx.db)).length > 0;
        return;
      }
      // A recording into a collection whose create has not reached the server waits for it.
      const waitingFor = await unsentCreates(ctx.db, session.userId);
      const ids: string[] = [];
      for (const id of await pendingUploadIdsOldestFirst(ctx.db, session.userId)) {
        if (tried.has(id)) continue;
        const item = await getPendingUpload(ctx.db, id);
        if (item?.domainId && waitingFor.has(item.domainId)) tried.add(id);
        else ids.push(id);
      }
      if (ids.length === 0) return;
      for (const id of ids) {
        tried.add(id);
        const result = await sendPendingUpload(ctx, id, { skipRejected: true });
        switch (result.kind) {
          case "delivered":
            report.delivered.push(id);
            break;
          case "rejected":
            report.rejected.push(id);
            break;
          case "busy":
            report.busy.push(id);
            break;
          case "retry":
            report.failed.push(id);
            // No HTTP answer at all: the rest would fail the same way and each count an attempt.
            if (result.status === undefined) {
              report.offline = true;
              return;
            }
            break;
          case "no-session":
          case "unauthorized":
            report.needsSession = true;
            return;
        }
      }
    }
  });
  return report;
}
