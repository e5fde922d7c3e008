import type pg from "pg";
import type { Logger } from "../logger.js";
import { loadPg } from "./pg-driver.js";

export interface PgListener {
  close(): Promise<void>;
}

/**
 * LISTENs to `channels` on a connection of its own, reconnecting a second after a drop.
 * `onReconnected` runs after every connection but the first: what was notified while it was
 * down is lost, so the caller catches up (runners poll anyway; streams tell pages to read again).
 */
export function listenOnPostgres(
  url: string,
  channels: Record<string, (payload: string) => void>,
  logger: Logger,
  onReconnected?: () => void,
): PgListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let connectedBefore = false;
  const connect = async () => {
    if (closed) return;
    const c = new (loadPg().Client)({ connectionString: url });
    client = c;
    const again = () => {
      if (closed || client !== c) return;
      client = undefined;
      retry = setTimeout(() => void connect(), 1000);
      retry.unref();
    };
    c.on("error", (err) => {
      logger.warn({ err }, "notifications connection lost; reconnecting");
      again();
    });
    c.on("end", again);
    c.on("notification", (msg) => {
      const handle = channels[msg.channel];
      if (handle && msg.payload !== undefined) handle(msg.payload);
    });
    try {
      await c.connect();
      for (const channel of Object.keys(channels)) await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      if (connectedBefore) onReconnected?.();
      connectedBefore = true;
    } catch (err) {
      logger.warn({ err }, "could not listen for notifications; polling only until it can");
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
