import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { extraCaBundle, makeTestCertificate, type TestCertificate } from "./support/test-certificate.js";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
    pushCertificate: TestCertificate;
  }
}

/**
 * Migrates one template database per engine for the whole run, so each test
 * file gets a fresh database cheaply: PGlite loads a dumped data dir (~0.5 s
 * instead of ~3 s); PostgreSQL copies a template database.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-test-"));
  // The https push-service stand-in's certificate. Node reads NODE_EXTRA_CA_CERTS only when it
  // starts: set here, before the test workers are started, they trust it as a server process
  // started with it would (test/support/push-service.ts).
  const pushCertificate = makeTestCertificate(dir);
  process.env.NODE_EXTRA_CA_CERTS = extraCaBundle(dir, pushCertificate);
  project.provide("pushCertificate", pushCertificate);
  const template = await openPglite();
  await migrateToLatest(template);
  const file = path.join(dir, "pglite-template.tar.gz");
  fs.writeFileSync(file, Buffer.from(await (await template.dumpDataDir!()).arrayBuffer()));
  await template.close();
  project.provide("pgliteTemplate", file);

  const url = process.env.TEST_DATABASE_URL;
  if (process.env.CI === "true" && !url) {
    throw new Error("CI must set TEST_DATABASE_URL: API tests run on PostgreSQL as well as PGlite");
  }
  let templateName: string | null = null;
  if (url) {
    templateName = `vj_template_${process.pid}`;
    await adminQuery(url, `DROP DATABASE IF EXISTS ${templateName}`);
    await adminQuery(url, `CREATE DATABASE ${templateName}`);
    const db = openPostgres(withDatabase(url, templateName), 1);
    await migrateToLatest(db);
    await db.close();
  }
  project.provide("postgresTemplate", templateName);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && templateName) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`vj_%_${process.pid}%`],
      );
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await client.end();
    }
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
