import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { audioDir, filesUnder } from "./support/audio.js";
import { noteForm } from "./support/multipart.js";

/** Every table with a user column, and that column. */
const USER_COLUMNS: [table: string, column: string][] = [
  ["users", "id"],
  ["sessions", "user_id"],
  ["refresh_tokens", "user_id"],
  ["domains", "user_id"],
  ["voice_notes", "user_id"],
  ["summary_types", "user_id"],
  ["summaries", "user_id"],
];

describe.each(dbKinds)("account deletion on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function populate(user: TestUser) {
    const domainId = (await createDomain(t, user, { name: "Everything", isDefault: true })).id;
    await createDomain(t, user, { name: "Second" });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ title: `n${i}` }) });
      expect(res.status).toBe(201);
    }
    const type = await call(t, "POST", "/api/summary-types", { user, json: { domainId, name: "T", prompt: "P" } });
    const typeId = ((await type.json()) as { id: string }).id;
    await t.deps.database.db
      .insertInto("summaries")
      .values({
        user_id: user.id, domain_id: domainId, summary_type_id: typeId, period: "day", period_key: "2026-01-01",
        content: "c", themes: [], total_voice_notes: 1, total_duration: 1, words_transcribed: 1, engine: "test",
      })
      .execute();
    const session = await t.deps.database.db.selectFrom("sessions").select("sid").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    await t.deps.database.db
      .insertInto("refresh_tokens")
      .values({ token_hash: `h-${user.id}`, session_id: session.sid, user_id: user.id, parent_hash: null })
      .execute();
  }

  const rowsOf = async (userId: string) => {
    const counts: Record<string, number> = {};
    for (const [table, column] of USER_COLUMNS) {
      const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(t.deps.database.db);
      counts[table] = Number(r.rows[0]!.n);
    }
    return counts;
  };

  test("removes every row and every audio file of the user, ends their tokens, and spares others", async () => {
    const user = await createUser(t.deps);
    const bystander = await createUser(t.deps);
    await populate(user);
    await populate(bystander);
    const dir = audioDir(t.deps.config.DATA_DIR);
    expect(filesUnder(path.join(dir, user.id))).toHaveLength(3);
    const before = await rowsOf(user.id);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);
    const bystanderBefore = await rowsOf(bystander.id);

    const res = await call(t, "DELETE", "/api/auth/delete-account", { user, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    expect(Object.values(await rowsOf(user.id)).every((n) => n === 0)).toBe(true);
    expect(fs.existsSync(path.join(dir, user.id))).toBe(false);
    expect(filesUnder(dir).some((f) => f.includes(user.id))).toBe(false);

    await expectError(await call(t, "GET", "/api/domains", { user }), 401, "unauthorized");
    await expectError(await call(t, "DELETE", "/api/auth/delete-account", { user }), 401, "unauthorized");

    expect(await rowsOf(bystander.id)).toEqual(bystanderBefore);
    expect(filesUnder(path.join(dir, bystander.id))).toHaveLength(3);
    const list = await call(t, "GET", "/api/domains", { user: bystander });
    expect(((await list.json()) as unknown[]).length).toBe(2);
  });

  test("without a token answers 401", async () => {
    await expectError(await call(t, "DELETE", "/api/auth/delete-account"), 401, "unauthorized");
  });
});
