import pg from "pg";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";

/** The PostgreSQL channel on which processes tell each other that a job was queued. */
export const JOBS_CHANNEL = "vj_jobs";
export type JobKind = "note" | "summary";

/**
 * Across processes on PostgreSQL (ROLE=api beside ROLE=worker): a queued note or summary is
 * announced with NOTIFY, so a worker claims it at once instead of at its next poll (the poll
 * stays, as the sweep and the fallback). In one process the runners are woken directly.
 */
export async function notifyJob(db: Kysely<DB>, kind: JobKind): Promise<void> {
  await sql`SELECT pg_notify(${JOBS_CHANNEL}, ${kind})`.execute(db);
}

/** LISTENs on its own connection, reconnecting after a drop; `onJob` wakes this process's runners. */
export function listenForJobs(url: string, onJob: (kind: JobKind) => void, logger: Logger): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    const again = () => {
      if (closed || client !== c) return;
      client = undefined;
      retry = setTimeout(() => void connect(), 1000);
      retry.unref();
    };
    c.on("error", (err) => {
      logger.warn({ err }, "job notifications connection lost; reconnecting");
      again();
    });
    c.on("end", again);
    c.on("notification", (msg) => {
      if (msg.channel === JOBS_CHANNEL && (msg.payload === "note" || msg.payload === "summary")) onJob(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${JOBS_CHANNEL}`);
    } catch (err) {
      logger.warn({ err }, "could not listen for job notifications; polling only until it can");
      void c.end().catch(() => undefined);
      again();
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
