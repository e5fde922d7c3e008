import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from "kysely";
import type pg from "pg";
import fs from "node:fs";
import path from "node:path";
import { loadPg } from "./pg-driver.js";
import { pgliteAssetOptions, type PgliteAssets } from "./pglite-assets.js";
import type { DB } from "./schema.js";

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PGlite only: the data dir as a tarball, to open copies with `loadDataDir`. */
  dumpDataDir?: () => Promise<Blob>;
}

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new (loadPg().Pool)({ connectionString: url, max: poolSize });
  // An idle client's connection can end under us (server restart, DROP DATABASE ... FORCE);
  // pg emits that on the pool and an unhandled 'error' would kill the process. The next query reconnects.
  pool.on("error", () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: answeredByCallback(pool) }) });
  return { db, kind: "postgres", close: () => db.destroy() };
}

/**
 * pg's pool as Kysely takes it, each statement given to pg with a callback instead of asking pg
 * for a promise. The rows are the same; what differs is their lifetime in memory: with pg's own
 * promise (pg 8.x) the rows of a result survived the young generation's collections and were
 * promoted, whether or not anything still held them (reading 100,000 notes a page at a time
 * promoted some 100 MB, collected only when the old generation filled; with the callback, ~5 MB).
 */
function answeredByCallback(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = <R>(sql: string, parameters: readonly unknown[]) =>
      new Promise<PostgresQueryResult<R>>((resolve, reject) =>
        client.query(sql, parameters as unknown[], (err, result) => (err ? reject(err) : resolve(result as unknown as PostgresQueryResult<R>))),
      );
    // Kysely gives a cursor only when one is configured, and none is.
    return { query: query as PostgresPoolClient["query"], release: () => client.release() };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/**
 * PostgreSQL's page cache inside PGlite. The server zeroes all of it at every start: the 128MB
 * that PGlite 0.3 put on its command line cost 0.42 s of each open, and were all resident; the
 * data dir sits in the OS's file cache anyway, so a small one costs queries little (16MB: searches
 * ~9 % slower than with 128MB; bench/pglite-buffers.ts).
 */
const PGLITE_SHARED_BUFFERS = "16MB";

/**
 * Settings given at every start, over the data dir's postgresql.conf: PGlite 0.3's initdb wrote
 * one (400kB of buffers, WAL kept to 64MB, time zone UTC) and 0.4's another (128MB, WAL up to
 * 1GB, Etc/GMT0), so an install runs the same whichever version made its data dir. min_wal_size
 * must be two WAL segments at least: 1MB each in 0.3's data dirs, 16MB in 0.4's.
 */
export function pgliteSettings(sharedBuffers = PGLITE_SHARED_BUFFERS): string[] {
  const settings = [`shared_buffers=${sharedBuffers}`, "max_wal_size=64MB", "min_wal_size=32MB", "timezone=UTC", "log_timezone=UTC"];
  return settings.flatMap((s) => ["-c", s]);
}

/**
 * PGlite in a folder, or in memory; `loadDataDir` opens a dumped template (tests); `assets`,
 * PGlite's files already being loaded (main.ts starts that first); `sharedBuffers`, for the
 * benchmark that chose the default (bench/pglite-buffers.ts).
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; assets?: PgliteAssets; sharedBuffers?: string } = {},
): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // Loaded only in the embedded mode: a PostgreSQL deployment starts without PGlite's modules.
  const [{ PGlite }, { PGliteDialect }, { unaccent }, assets] = await Promise.all([
    import("@electric-sql/pglite"),
    import("kysely-pglite-dialect"),
    import("@electric-sql/pglite/contrib/unaccent"),
    pgliteAssetOptions(options.assets),
  ]);
  const client = await PGlite.create({
    ...assets,
    // PGlite 0.3 opened template1 and kept everything there; 0.4 opens "postgres" by default.
    // An install's notes stay where they are: every version of this app uses template1.
    database: "template1",
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings(options.sharedBuffers)],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // unaccent: the search configuration folds accents (migration 20261125T0100_search_index).
    extensions: { unaccent },
    parsers: { 20: (v: string) => Number(v) },
    // PGlite writes a Date as toISOString(), which PostgreSQL cannot read past year 9999
    // ("+010000-01-01..."): the end of the period 9999-12 failed its query. Written as node-pg does.
    serializers: { 1114: timestampText, 1184: timestampText },
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

export async function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }, pgliteAssets?: PgliteAssets): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite({ dataDir: path.join(config.DATA_DIR, "db"), assets: pgliteAssets });
}

/** A timestamp parameter in the text form PostgreSQL reads for every year (node-pg's dateToString, in UTC). */
function timestampText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return timestampText(new Date(value));
  if (!(value instanceof Date)) throw new Error("Invalid input for timestamp type");
  let year = value.getUTCFullYear();
  const bc = year < 1;
  if (bc) year = 1 - year;
  const p = (n: number, width = 2) => String(n).padStart(width, "0");
  const date = `${p(year, 4)}-${p(value.getUTCMonth() + 1)}-${p(value.getUTCDate())}`;
  const time = `${p(value.getUTCHours())}:${p(value.getUTCMinutes())}:${p(value.getUTCSeconds())}.${p(value.getUTCMilliseconds(), 3)}`;
  return `${date}T${time}+00:00${bc ? " BC" : ""}`;
}
