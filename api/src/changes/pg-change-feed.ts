import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { ChangeFeed } from "./change-feed.js";

/** The PostgreSQL channel on which a process that wrote a note or summary tells the API processes. */
export const CHANGES_CHANNEL = "vj_changes";

const payloadSchema = z.union([
  z.object({ u: z.string(), k: z.enum(["note", "summary"]), id: z.string() }),
  // The account's streams end (deleted or disabled), in every process.
  z.object({ u: z.string(), k: z.literal("end") }),
]);

/**
 * Several processes on one PostgreSQL (ROLE=worker transcribes, ROLE=api streams): publishing is a
 * NOTIFY, and each process's LISTEN (db/pg-listen.ts) hands what arrives to `local` through
 * `deliver`, its own notifications included, so one path serves every set-up.
 */
export function pgChangeFeed(db: Kysely<DB>, local: ChangeFeed, logger: Logger): ChangeFeed & { deliver(payload: string): void } {
  const notify = (payload: string) =>
    sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${payload})`.execute(db).catch((err: unknown) => logger.warn({ err }, "change notification failed"));
  return {
    publish(userId, change) {
      notify(JSON.stringify({ u: userId, k: change.kind, id: change.id }));
    },
    endUser(userId) {
      // Here at once; the other processes when the notification reaches them.
      local.endUser(userId);
      notify(JSON.stringify({ u: userId, k: "end" }));
    },
    subscribe: (userId, listener) => local.subscribe(userId, listener),
    resyncAll: () => local.resyncAll(),
    endAll: () => local.endAll(),
    deliver(payload) {
      let parsed;
      try {
        parsed = payloadSchema.safeParse(JSON.parse(payload));
      } catch {
        parsed = undefined;
      }
      const event = parsed?.success ? parsed.data : undefined;
      if (event?.k === "end") local.endUser(event.u);
      else if (event) local.publish(event.u, { kind: event.k, id: event.id });
      else logger.warn({ payload }, "unreadable change notification ignored");
    },
  };
}
