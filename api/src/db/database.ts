import { Kysely, PostgresDialect } from "kysely";
import { PGlite } from "@electric-sql/pglite";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import fs from "node:fs";
import path from "node:path";
import type { DB } from "./schema.js";

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PGlite only: the data dir as a tarball, to open copies with `loadDataDir`. */
  dumpDataDir?: () => Promise<Blob>;
}

// int8 (bigint) and numeric come back as strings by default; our counts fit a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's connection can end under us (server restart, DROP DATABASE ... FORCE);
  // pg emits that on the pool and an unhandled 'error' would kill the process. The next query reconnects.
  pool.on("error", () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: "postgres", close: () => db.destroy() };
}

/** PGlite in a folder, or in memory; `loadDataDir` opens a dumped template (tests). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { 20: (v: string) => Number(v) },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: "pglite",
    dumpDataDir: async () => (await client.dumpDataDir("gzip")) as Blob,
    // Kysely's destroy does not close the PGlite instance; without close() the process never exits.
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}

export async function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite({ dataDir: path.join(config.DATA_DIR, "db") });
}
