import crypto from "node:crypto";
import type { VoiceNote } from "@vj/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { noteForm } from "./support/multipart.js";

// Changes made offline reach the server by replays (DESIGN §13): each carries an id made on the
// device (Idempotency-Key), so a change sent twice is applied once; an edit made on an older
// version is refused with the current text instead of overwriting another device's words.

describe.each(dbKinds)("changes replayed from a device on %s", (kind) => {
  let t: TestApp;
  let user: TestUser;
  let domainId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await createUser(t.deps);
    domainId = (await createDomain(t, user, { name: "Daily", isDefault: true })).id;
  });
  afterAll(() => t.close());

  const changeId = () => `chg-${crypto.randomUUID()}`;
  const upload = async (title = "A note") => {
    const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ domainId, title }) });
    expect(res.status).toBe(201);
    return (await res.json()) as VoiceNote;
  };
  const noteRow = (id: string) => t.deps.database.db.selectFrom("voice_notes").selectAll().where("id", "=", id).executeTakeFirst();

  test("a collection created twice with one change id is created once, and both answers name it", async () => {
    const key = changeId();
    const json = { name: "Made offline", primaryColor: "#0369a1" };
    const first = await call(t, "POST", "/api/domains", { user, json, headers: { "Idempotency-Key": key } });
    const again = await call(t, "POST", "/api/domains", { user, json, headers: { "Idempotency-Key": key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const a = (await first.json()) as { id: string };
    expect(await again.json()).toEqual(a);
    const list = (await (await call(t, "GET", "/api/domains", { user })).json()) as { name: string }[];
    expect(list.filter((d) => d.name === "Made offline")).toHaveLength(1);
    // Without the id, the same request is a second change (here refused: the slug is taken).
    await expectError(await call(t, "POST", "/api/domains", { user, json }), 409, "conflict");
  });

  test("a summary asked for offline and replayed twice with one change id is asked once: one summary, both answers name it", async () => {
    const note = await upload("Harbour");
    await t.deps.database.db
      .updateTable("voice_notes")
      .set({ transcription: "Gulls over the harbour at dawn.", is_transcribed: true, is_transcribing: false })
      .where("id", "=", note.id)
      .execute();
    const key = changeId();
    const day = { period: "day", periodKey: note.createdAt.slice(0, 10), domainId, isGeneralSummary: true, responseLength: "short", tz: "UTC" };
    // The outbox sends the request as it was made: the same clientRequestId under the same key.
    const json = { ...day, clientRequestId: crypto.randomUUID() };
    const first = await call(t, "POST", "/api/summaries/generate", { user, json, headers: { "Idempotency-Key": key } });
    const again = await call(t, "POST", "/api/summaries/generate", { user, json, headers: { "Idempotency-Key": key } });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const id = ((await first.json()) as { id: string }).id;
    expect(((await again.json()) as { id: string }).id).toBe(id);
    const { periodKey, period } = day;
    const list = (await (await call(t, "GET", `/api/summaries?domainId=${domainId}&period=${period}&periodKey=${periodKey}`, { user })).json()) as { id: string }[];
    expect(list.map((s) => s.id)).toEqual([id]);
  });

  test("a rename sent twice is applied once: a later rename is not undone by the replay", async () => {
    const note = await upload("Before");
    const key = changeId();
    expect((await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, json: { title: "First rename" }, headers: { "Idempotency-Key": key } })).status).toBe(200);
    expect((await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, json: { title: "Second rename" } })).status).toBe(200);
    const replay = await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, json: { title: "First rename" }, headers: { "Idempotency-Key": key } });
    expect(replay.status).toBe(200);
    expect((await noteRow(note.id))!.title).toBe("Second rename");
  });

  test("a summary type created twice with one change id exists once", async () => {
    const key = changeId();
    const json = { domainId, name: "Weekly wins", prompt: "List the wins." };
    const first = (await (await call(t, "POST", "/api/summary-types", { user, json, headers: { "Idempotency-Key": key } })).json()) as { id: string };
    const again = (await (await call(t, "POST", "/api/summary-types", { user, json, headers: { "Idempotency-Key": key } })).json()) as { id: string };
    expect(again.id).toBe(first.id);
    const types = (await (await call(t, "GET", `/api/summary-types?domainId=${domainId}`, { user })).json()) as { name: string }[];
    expect(types.filter((x) => x.name === "Weekly wins")).toHaveLength(1);
  });

  test("a delete sent twice succeeds twice; another user's note still answers 404 and stays", async () => {
    const note = await upload("To delete");
    const key = changeId();
    for (let i = 0; i < 2; i++) {
      const res = await call(t, "DELETE", `/api/voice-notes/${note.id}`, { user, headers: { "Idempotency-Key": key } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
    }
    // A second device's delete of the same note, with its own change id: also done.
    expect((await call(t, "DELETE", `/api/voice-notes/${note.id}`, { user, headers: { "Idempotency-Key": changeId() } })).status).toBe(200);
    expect(await noteRow(note.id)).toBeUndefined();

    const theirs = await upload("Mine, not yours");
    const intruder = await createUser(t.deps);
    await expectError(await call(t, "DELETE", `/api/voice-notes/${theirs.id}`, { user: intruder, headers: { "Idempotency-Key": changeId() } }), 404, "not_found");
    expect(await noteRow(theirs.id)).toBeDefined();
  });

  test("one change id is one change: reused for another request it is refused", async () => {
    const note = await upload("Keyed");
    const key = changeId();
    expect((await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, json: { title: "Keyed once" }, headers: { "Idempotency-Key": key } })).status).toBe(200);
    await expectError(await call(t, "DELETE", `/api/voice-notes/${note.id}`, { user, headers: { "Idempotency-Key": key } }), 422, "unprocessable");
    expect(await noteRow(note.id)).toBeDefined();
    await expectError(await call(t, "DELETE", `/api/voice-notes/${note.id}`, { user, headers: { "Idempotency-Key": "not a key!" } }), 400, "validation_failed");
  });

  test("change ids are per person: another user's same id is their own change", async () => {
    const other = await createUser(t.deps);
    await createDomain(t, other, { name: "Theirs", isDefault: true });
    const key = changeId();
    const mine = (await (await call(t, "POST", "/api/domains", { user, json: { name: "Shared key A" }, headers: { "Idempotency-Key": key } })).json()) as { id: string };
    const theirs = (await (await call(t, "POST", "/api/domains", { user: other, json: { name: "Shared key B" }, headers: { "Idempotency-Key": key } })).json()) as { id: string; userId: string };
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.userId).toBe(other.id);
  });

  test("an edit made on an older transcript is refused with 409 and the text as it is now", async () => {
    const note = await upload("Conflicted");
    await t.deps.database.db.updateTable("voice_notes").set({ transcription: "What was said.", is_transcribed: true, is_transcribing: false }).where("id", "=", note.id).execute();
    // Another device edits it.
    expect((await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, json: { transcription: "What was said, edited on the laptop." } })).status).toBe(200);
    // This device's offline edit, made from the older text, arrives.
    const body = await expectError(
      await call(t, "PATCH", `/api/voice-notes/${note.id}`, {
        user,
        json: { transcription: "What was said, edited on the phone.", baseTranscription: "What was said." },
        headers: { "Idempotency-Key": changeId() },
      }),
      409,
      "conflict",
    );
    expect(body.error.message).toBe("Changed on another device");
    expect(body.error.current).toMatchObject({ id: note.id, transcription: "What was said, edited on the laptop." });
    expect((await noteRow(note.id))!.transcription).toBe("What was said, edited on the laptop.");

    // The person chose theirs: sent without a base, it applies.
    expect((await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, json: { transcription: "What was said, edited on the phone." } })).status).toBe(200);
    expect((await noteRow(note.id))!.transcription).toBe("What was said, edited on the phone.");
  });

  test("an edit whose base is still current applies, and the same edit already there is no conflict", async () => {
    const note = await upload("Calm");
    const ok = await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, json: { title: "Calmer", baseTitle: "Calm" } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ title: "Calmer" });
    // Made on two devices alike: nothing to choose between.
    expect((await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, json: { title: "Calmer", baseTitle: "Calm" } })).status).toBe(200);
    // A stale edit of a note deleted elsewhere: the delete wins (404), and the edit changes nothing.
    await call(t, "DELETE", `/api/voice-notes/${note.id}`, { user });
    await expectError(await call(t, "PATCH", `/api/voice-notes/${note.id}`, { user, json: { title: "Too late", baseTitle: "Calmer" } }), 404, "not_found");
  });
});
