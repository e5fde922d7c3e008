import { createRequire } from "node:module";
import type pg from "pg";

type Pg = typeof pg;
let loaded: Pg | undefined;

/**
 * node-postgres, loaded on first use: the embedded default (PGlite) never needs it, and loading
 * it (its client, protocol and socket modules) cost ~0.1 s of every PGlite start.
 * A require, not an import, so `openPostgres` stays synchronous; pg is CommonJS anyway.
 */
export function loadPg(): Pg {
  if (!loaded) {
    loaded = createRequire(import.meta.url)("pg") as Pg;
    // int8 (bigint) and numeric come back as strings by default; our counts fit a JS number.
    loaded.types.setTypeParser(20, (v) => Number(v));
  }
  return loaded;
}
