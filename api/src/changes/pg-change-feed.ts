import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { ChangeFeed } from "./change-feed.js";

/** The PostgreSQL channel on which a process that wrote a note or summary tells the API processes. */
export const CHANGES_CHANNEL = "vj_changes";

const payloadSchema = z.object({ u: z.string(), k: z.enum(["note", "summary"]), id: z.string() });

/**
 * Several processes on one PostgreSQL (ROLE=worker transcribes, ROLE=api streams): publishing is a
 * NOTIFY, and each process's LISTEN (db/pg-listen.ts) hands what arrives to `local` through
 * `deliver`, its own notifications included, so one path serves every set-up.
 */
export function pgChangeFeed(db: Kysely<DB>, local: ChangeFeed, logger: Logger): ChangeFeed & { deliver(payload: string): void } {
  return {
    publish(userId, change) {
      const payload = JSON.stringify({ u: userId, k: change.kind, id: change.id });
      sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${payload})`.execute(db).catch((err: unknown) => logger.warn({ err }, "change notification failed"));
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
      if (parsed?.success) local.publish(parsed.data.u, { kind: parsed.data.k, id: parsed.data.id });
      else logger.warn({ payload }, "unreadable change notification ignored");
    },
  };
}
