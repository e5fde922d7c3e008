import { Migrator } from "kysely";
import type { Database } from "./database.js";
import { migrations } from "./migrations/index.js";
import { buildSearchIndexes } from "./search-indexes.js";

/**
 * Applies every pending migration, then builds what must not be built inside a migration's
 * transaction (the search indexes, concurrently on PostgreSQL). Returns what it did.
 */
export async function migrateToLatest(database: Pick<Database, "db" | "kind">): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  const indexes = await buildSearchIndexes(database);
  return [...applied, ...indexes.map((name) => `index ${name}`)];
}
