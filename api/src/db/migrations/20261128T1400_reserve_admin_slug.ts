import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.js";

/**
 * /admin is now a screen of the app, so "admin" joins the reserved slugs (core/slug.ts): a
 * collection already reached at /admin would be shadowed by it. It gets the suffix a reserved
 * slug gets at creation (the first 8 characters of its id) and stays reachable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `UPDATE domains SET slug = 'admin-' || substr(id::text, 1, 8) WHERE slug = 'admin'`);
}

/** The old slug cannot come back safely (the collection may have been renamed since): nothing to undo. */
export async function down(_db: Kysely<unknown>): Promise<void> {}
