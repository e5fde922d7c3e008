import { sql, type Kysely } from "kysely";

/**
 * Runs a block of DDL one statement at a time: PGlite's extended query
 * protocol rejects several statements in one query. Statements must not
 * contain semicolons inside literals.
 */
export async function runStatements(db: Kysely<unknown>, block: string): Promise<void> {
  const statements = block.split(";").map((s) => s.trim()).filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
