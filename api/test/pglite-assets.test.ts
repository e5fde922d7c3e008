import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, expect, test } from "vitest";
import { openPglite } from "../src/db/database.js";
import { loadPgliteAssets } from "../src/db/pglite-assets.js";

// main.ts starts compiling PGlite before the server's modules load; the database it
// then opens must be the same one, and a failed read must not stop the server from starting.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-pglite-assets-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a data dir opened with the preloaded WebAssembly keeps what was written", async () => {
  const dataDir = path.join(dir, "db");
  const first = await openPglite({ dataDir, assets: loadPgliteAssets() });
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(first.db);
  await sql`CREATE TABLE kept (word text)`.execute(first.db);
  await sql`INSERT INTO kept VALUES ('café')`.execute(first.db);
  await first.close();

  const again = await openPglite({ dataDir, assets: loadPgliteAssets() });
  const { rows } = await sql<{ word: string; folded: string }>`SELECT word, unaccent(word) AS folded FROM kept`.execute(again.db);
  await again.close();
  expect(rows).toEqual([{ word: "café", folded: "cafe" }]);
});

test("when the preload fails, PGlite loads its own files and the database opens", async () => {
  const failed = Promise.reject(new Error("EIO"));
  failed.catch(() => undefined);
  const database = await openPglite({ assets: { wasmModule: failed as Promise<WebAssembly.Module>, fsBundle: failed as Promise<Blob> } });
  const { rows } = await sql<{ answer: number }>`SELECT 6 * 7 AS answer`.execute(database.db);
  await database.close();
  expect(rows).toEqual([{ answer: 42 }]);
});
