import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";

const REQUIRED = "Please provide both a name and a prompt for the summary type.";

interface SummaryType {
  id: string;
  name: string;
  prompt: string;
  domainId: string;
  userId: string;
  createdAt: string;
}

describe.each(dbKinds)("summary types on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let domainId: string;
  const create = async (json: Record<string, unknown>) => {
    const res = await call(t, "POST", "/api/summary-types", { user, json: { domainId, ...json } });
    expect(res.status).toBe(201);
    return (await res.json()) as SummaryType;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await createUser(t.deps);
    domainId = (await createDomain(t, user, { name: "Work" })).id;
  });
  afterAll(() => t.close());

  test("create, list per collection, update and delete", async () => {
    const other = (await createDomain(t, user, { name: "Other" })).id;
    const a = await create({ name: "  Standup ", prompt: " What did I do yesterday? " });
    expect(a).toMatchObject({ name: "Standup", prompt: "What did I do yesterday?", domainId, userId: user.id });
    const b = await create({ name: "Wins", prompt: "List my wins." });
    await create({ domainId: other, name: "Elsewhere", prompt: "p" });

    const list = (await (await call(t, "GET", `/api/summary-types?domainId=${domainId}`, { user })).json()) as SummaryType[];
    expect(list.map((x) => x.name)).toEqual(["Standup", "Wins"]);

    const patched = await call(t, "PATCH", `/api/summary-types/${b.id}`, { user, json: { prompt: "List my biggest wins." } });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: b.id, name: "Wins", prompt: "List my biggest wins." });

    const del = await call(t, "DELETE", `/api/summary-types/${a.id}`, { user });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ success: true });
    const after = (await (await call(t, "GET", `/api/summary-types?domainId=${domainId}`, { user })).json()) as SummaryType[];
    expect(after.map((x) => x.id)).toEqual([b.id]);
    // Sent again (its answer lost): already gone counts as deleted.
    expect((await call(t, "DELETE", `/api/summary-types/${a.id}`, { user })).status).toBe(200);
  });

  test("deleting a type deletes the summaries made with it", async () => {
    const type = await create({ name: "Mood", prompt: "How did I feel?" });
    const db = t.deps.database.db;
    const base = {
      user_id: user.id,
      domain_id: domainId,
      period: "day",
      period_key: "2026-03-10",
      content: "c",
      themes: ["a"],
      total_voice_notes: 1,
      total_duration: 5,
      words_transcribed: 3,
      engine: "test",
    };
    await db.insertInto("summaries").values([{ ...base, summary_type_id: type.id }, { ...base, summary_type_id: null }]).execute();
    await call(t, "DELETE", `/api/summary-types/${type.id}`, { user });
    const left = await db.selectFrom("summaries").select("summary_type_id").where("user_id", "=", user.id).execute();
    expect(left).toEqual([{ summary_type_id: null }]);
  });

  test.each([
    [{ name: "", prompt: "p" }, REQUIRED],
    [{ name: "n", prompt: "   " }, REQUIRED],
    [{ prompt: "p" }, REQUIRED],
    [{ name: "n" }, REQUIRED],
    [{ name: "n".repeat(101), prompt: "p" }, "at most 100"],
    [{ name: "n", prompt: "p".repeat(4001) }, "at most 4000"],
    [{ name: "n", prompt: "p", domainId: "abc" }, "domainId"],
  ])("POST %j answers 400", async (json, message) => {
    const body = await expectError(await call(t, "POST", "/api/summary-types", { user, json: { domainId, ...json } }), 400, "validation_failed");
    expect(body.error.message).toContain(message);
  });

  test("POST without a body or with malformed JSON answers 400", async () => {
    await expectError(await call(t, "POST", "/api/summary-types", { user }), 400, "bad_request");
    await expectError(
      await call(t, "POST", "/api/summary-types", { user, body: "{\"name\": ", headers: { "content-type": "application/json" } }),
      400,
      "bad_request",
    );
  });

  test.each([
    [{ name: " " }, REQUIRED],
    [{ prompt: "" }, REQUIRED],
    [{ name: 3 }, REQUIRED],
    [{ domainId: "x" }, "domainId"],
  ])("PATCH %j answers 400", async (json, message) => {
    const type = await create({ name: "Keep", prompt: "Keep me" });
    const body = await expectError(await call(t, "PATCH", `/api/summary-types/${type.id}`, { user, json }), 400, "validation_failed");
    expect(body.error.message).toContain(message);
  });

  test("a type in another user's collection cannot be created; lists of it answer 404", async () => {
    const other = await createUser(t.deps);
    await expectError(await call(t, "POST", "/api/summary-types", { user: other, json: { domainId, name: "n", prompt: "p" } }), 404, "not_found");
    await expectError(await call(t, "GET", `/api/summary-types?domainId=${domainId}`, { user: other }), 404, "not_found");
    await expectError(await call(t, "GET", `/api/summary-types`, { user }), 400, "validation_failed");
    await expectError(await call(t, "PATCH", `/api/summary-types/nope`, { user, json: { name: "x" } }), 404, "not_found");
  });
});
