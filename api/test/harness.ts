import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { inject } from "vitest";
import { createApp } from "../src/app.js";
import type { AppDeps } from "../src/app-env.js";
import { loadConfig, type Config } from "../src/config.js";
import { openPglite, openPostgres, type Database, type DatabaseKind } from "../src/db/database.js";
import { resolveEngines } from "../src/engines/resolve.js";
import { createLogger } from "../src/logger.js";
import { startServer, type RunningServer } from "../src/server.js";
import { createBlobStore } from "../src/storage/index.js";
import { adminQuery, withDatabase } from "./global-setup.js";

/** The engines every API suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set (CI). */
export const dbKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

let counter = 0;

/** A fresh, migrated database for one test file (or one test). */
export async function freshDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "pglite") {
    const tarball = fs.readFileSync(inject("pgliteTemplate"));
    return openPglite({ loadDataDir: new Blob([tarball]) });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const template = inject("postgresTemplate")!;
  const name = `vj_t${Math.random().toString(36).slice(2, 8)}${counter++}_${template.split("_").pop()}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = openPostgres(withDatabase(url, name), 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The URL of a fresh PostgreSQL test database (for a second connection to it). */
export async function databaseUrl(database: Database): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
  return withDatabase(process.env.TEST_DATABASE_URL!, rows[0]!.name);
}

/** Config for tests: a private DATA_DIR, quiet logs, overrides on top. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-data-"));
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PORT: "0",
    AUTH_JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    WEB_DIST: path.join(dataDir, "no-web"),
    ...env,
  });
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  close(): Promise<void>;
}

/** The app in-process on a fresh database: call `app.request(...)`. */
export async function createTestApp(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(env);
  const database = await freshDatabase(kind);
  const deps: AppDeps = { config, database, logger: createLogger("silent"), engines: resolveEngines(config), blobs: createBlobStore(config) };
  // As the server does before it listens (the S3 store loads its SDK here).
  await deps.blobs.prepare();
  return {
    app: createApp(deps),
    deps,
    close: async () => {
      await database.close();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/** The app on a real loopback port (for supabase-js and browsers). */
export async function startTestServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<RunningServer & { close(): Promise<void> }> {
  const config = testConfig(env);
  const database = await freshDatabase(kind);
  // On PostgreSQL the server LISTENs too (job wake-ups, the events stream): it needs the URL.
  if (kind === "postgres") config.DATABASE_URL = await databaseUrl(database);
  const running = await startServer(config, { database, logger: createLogger("silent") });
  return {
    ...running,
    close: async () => {
      await running.stop();
      await database.close();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}
