import { errorMessageOf } from "./upload-answer";
import { followServerId, listChanges, recordChangeFailure, removeChange } from "./changes-store";
import type { OutboxDb, PendingChange } from "./outbox-db";
import type { OutboxSession } from "./session-mirror";

/** The header the server reads a change's id from (api/src/http/idempotency.ts). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export type ChangeFetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<{ status: number; text: () => Promise<string> }>;

export type ChangeReplayContext = {
  db: OutboxDb;
  baseUrl: string;
  getSession: () => Promise<OutboxSession | null>;
  fetch?: ChangeFetch;
};

export type ChangeReplayReport = {
  delivered: PendingChange[];
  refused: PendingChange[];
  conflicts: PendingChange[];
  /** Made on an item deleted meanwhile (404): the delete wins, the change is dropped, the person is told. */
  gone: PendingChange[];
  /** Stopped at a change that may pass later (no connection, server error): the rest keep their turn. */
  stopped: "offline" | "server" | "session" | null;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Sends the signed-in person's waiting changes, in the order they were made. A change whose
 * answer may change later (no connection, 5xx, 429) stops the replay, so nothing overtakes it. A
 * change refused for good, or in conflict, stays with its reason, and the later changes of the
 * same item wait behind it (they were made on top of it). Another person's changes are never
 * read here. No React and no DOM: the page and the service worker both run it.
 */
export async function replayChanges(ctx: ChangeReplayContext): Promise<ChangeReplayReport> {
  const report: ChangeReplayReport = { delivered: [], refused: [], conflicts: [], gone: [], stopped: null };
  const send = ctx.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const first = await ctx.getSession();
  if (!first) {
    report.stopped = "session";
    return report;
  }
  const blocked = new Set<string>();
  const tried = new Set<number>();
  rounds: for (;;) {
    const changes = (await listChanges(ctx.db, first.userId)).filter((c) => !tried.has(c.seq!));
    if (changes.length === 0) return report;
    for (const change of changes) {
      tried.add(change.seq!);
      if (change.status !== "waiting" || blocked.has(change.targetKey)) {
        blocked.add(change.targetKey);
        continue;
      }
      // Read again for each change: the person may have signed out, or another signed in.
      const session = await ctx.getSession();
      if (!session || session.userId !== change.ownerId) {
        report.stopped = "session";
        return report;
      }
      let status: number;
      let text: string;
      try {
        const res = await send(`${ctx.baseUrl}${change.path}`, {
          method: change.method,
          headers: {
            Authorization: `Bearer ${session.accessToken}`,
            [IDEMPOTENCY_HEADER]: change.id,
            ...(change.body ? { "Content-Type": "application/json" } : {}),
          },
          ...(change.body ? { body: JSON.stringify(change.body) } : {}),
        });
        status = res.status;
        text = await res.text();
      } catch {
        report.stopped = "offline";
        return report;
      }
      if (status >= 200 && status < 300) {
        await removeChange(ctx.db, change.seq!);
        const answer = parse(text);
        report.delivered.push(change);
        if (change.action === "create" && isRecord(answer) && typeof answer.id === "string" && answer.id !== change.target.id) {
          await followServerId(ctx.db, change.ownerId, change.target.id, answer.id);
          // What follows was rewritten to the server's id: read it again.
          continue rounds;
        }
        continue;
      }
      if (status === 401) {
        report.stopped = "session";
        return report;
      }
      if (status >= 500 || status === 429 || status === 408) {
        report.stopped = "server";
        return report;
      }
      if (status === 404 && change.action !== "create") {
        // Deleted meanwhile (on another device, or by an earlier change): a delete wins over an
        // edit. Nothing is left to apply it to; the page says so.
        await removeChange(ctx.db, change.seq!);
        report.gone.push(change);
        continue;
      }
      const body = parse(text);
      const message = `${status}: ${errorMessageOf(text) ?? (text.trim() || "refused")}`;
      blocked.add(change.targetKey);
      if (status === 409 && isRecord(body) && isRecord(body.error) && isRecord(body.error.current)) {
        await recordChangeFailure(ctx.db, change.seq!, { status: "conflict", message, httpStatus: status, current: body.error.current });
        report.conflicts.push(change);
      } else {
        await recordChangeFailure(ctx.db, change.seq!, { status: "refused", message, httpStatus: status });
        report.refused.push(change);
      }
    }
  }
}
