import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp } from "./app.js";
import type { AppDeps } from "./app-env.js";
import type { Config } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { createLogger } from "./logger.js";

export interface RunningServer {
  url: string;
  deps: AppDeps;
  stop(): Promise<void>;
}

/** Opens the database, migrates, and listens. Used by main.ts and by tests that need a real port. */
export async function startServer(config: Config, extra: Partial<AppDeps> = {}): Promise<RunningServer> {
  const logger = extra.logger ?? createLogger(config.LOG_LEVEL);
  const database = extra.database ?? (await openDatabase(config));
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ migrations: applied }, "migrations applied");
  const deps: AppDeps = { config, database, logger, ...extra };
  const app = createApp(deps);

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.HOST === "0.0.0.0" ? "127.0.0.1" : config.HOST}:${port}`;
  logger.info({ url, db: database.kind }, "listening");

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets would hold close() open.
        (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      });
      if (!extra.database) await database.close();
      logger.info("stopped");
    })());
  return { url, deps, stop };
}
