import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { up } from "../src/db/migrations/20261128T1400_reserve_admin_slug.js";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call } from "./support/api.js";

type Listed = { id: string; name: string; slug: string };

// /admin is a screen of the app: a collection named "Admin" must stay reachable at an address of its own.
describe.each(dbKinds)("the admin screen's address and collections named Admin on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await createUser(t.deps);
  });
  afterAll(() => t.close());

  test("a new collection named Admin gets a slug other than 'admin'", async () => {
    const res = await call(t, "POST", "/api/domains", { user, json: { name: "Admin", primaryColor: "#3b82f6", isDefault: false } });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Listed;
    expect(created.slug).toBe(`admin-${created.id.slice(0, 8)}`);
  });

  test("a collection saved at 'admin' before the screen existed moves to its suffixed slug, and others stay", async () => {
    const other = await createUser(t.deps);
    const db = t.deps.database.db;
    const { rows } = await sql<{ id: string }>`INSERT INTO domains (user_id, name, slug) VALUES
      (${other.id}, 'Admin', 'admin'), (${other.id}, 'Admin notes', 'admin-notes') RETURNING id`.execute(db);
    await up(db as never);
    const list = (await (await call(t, "GET", "/api/domains", { user: other })).json()) as Listed[];
    expect(list.map((d) => d.slug).sort()).toEqual([`admin-${rows[0]!.id.slice(0, 8)}`, "admin-notes"].sort());
  });
});
