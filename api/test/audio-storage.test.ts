import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { audioDir, filesUnder, webmBytes } from "./support/audio.js";
import { noteForm, type NoteFormOptions } from "./support/multipart.js";
import { startS3TestServer, type S3TestServer } from "./support/s3-server.js";

// What a user does with audio (upload, play, delete a note, delete the account), on each blob
// store the API can be configured with: files under DATA_DIR, and an S3 bucket (S3_*).

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(() => s3.close());

const stores = ["files", "s3"] as const;
const cases = stores.flatMap((store) => dbKinds.map((kind) => [store, kind] as const));

describe.each(cases)("audio in %s on %s", (store, kind) => {
  let t: TestApp;
  let keys: () => Promise<string[]>;

  beforeAll(async () => {
    if (store === "s3") {
      const bucket = await s3.bucket();
      t = await createTestApp(kind, bucket.env);
      keys = bucket.keys;
    } else {
      t = await createTestApp(kind);
      const dir = audioDir(t.deps.config.DATA_DIR);
      keys = async () => filesUnder(dir).map((f) => path.relative(dir, f).split(path.sep).join("/")).sort();
    }
  });
  afterAll(() => t.close());

  const newUser = async () => {
    const user = await createUser(t.deps);
    await createDomain(t, user, { name: "Daily", isDefault: true });
    return user;
  };
  const upload = async (user: TestUser, o: NoteFormOptions = {}) => {
    const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm(o) });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: string };
  };
  const keyOf = async (noteId: string) =>
    (await t.deps.database.db.selectFrom("voice_notes").select("audio_key").where("id", "=", noteId).executeTakeFirstOrThrow()).audio_key!;

  test("a recording is stored under its owner, plays back whole and by range, and goes with its note", async () => {
    const user = await newUser();
    const note = await upload(user, { title: "Walk" });
    const key = await keyOf(note.id);
    expect(key.startsWith(`${user.id}/`)).toBe(true);
    expect(await keys()).toContain(key);

    const whole = await call(t, "GET", `/api/voice-notes/${note.id}/audio`, { user });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/webm");
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(webmBytes());

    const size = webmBytes().length;
    const part = await call(t, "GET", `/api/voice-notes/${note.id}/audio`, { user, headers: { range: "bytes=4-11" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 4-11/${size}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(webmBytes().subarray(4, 12));

    expect((await call(t, "DELETE", `/api/voice-notes/${note.id}`, { user })).status).toBe(200);
    expect(await keys()).not.toContain(key);
    await expectError(await call(t, "GET", `/api/voice-notes/${note.id}/audio`, { user }), 404, "not_found");
  });

  test("deleting a collection deletes its notes' audio, and only theirs", async () => {
    const user = await newUser();
    const trip = await createDomain(t, user, { name: "Trip" });
    const gone = [await upload(user, { domainId: trip.id, title: "One" }), await upload(user, { domainId: trip.id, title: "Two" })];
    const stays = await upload(user, { title: "Stays" });
    const goneKeys = await Promise.all(gone.map((n) => keyOf(n.id)));
    const staysKey = await keyOf(stays.id);
    expect(await keys()).toEqual(expect.arrayContaining([...goneKeys, staysKey]));
    expect((await call(t, "DELETE", `/api/domains/${trip.id}`, { user })).status).toBe(200);
    const after = await keys();
    for (const key of goneKeys) expect(after).not.toContain(key);
    expect(after).toContain(staysKey);
    await expectError(await call(t, "GET", `/api/voice-notes/${gone[0]!.id}/audio`, { user }), 404, "not_found");
  });

  test("a refused upload and a replayed one store nothing more", async () => {
    const user = await newUser();
    const before = await keys();
    const refused = await t.app.request("/api/voice-notes", {
      method: "POST",
      headers: user.headers,
      body: noteForm({ audio: Buffer.from("<html>not a recording</html>") }),
    });
    await expectError(refused, 400, "bad_request");
    expect(await keys()).toEqual(before);

    const first = await upload(user, { clientId: "outbox-1" });
    const again = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ clientId: "outbox-1" }) });
    expect(((await again.json()) as { id: string }).id).toBe(first.id);
    expect((await keys()).filter((k) => k.startsWith(`${user.id}/`))).toEqual([await keyOf(first.id)]);
  });

  test("deleting the account leaves no object of the user and every object of another", async () => {
    const user = await newUser();
    const bystander = await newUser();
    for (let i = 0; i < 3; i++) {
      await upload(user, { title: `Mine ${i}` });
      await upload(bystander, { title: `Theirs ${i}` });
    }
    const theirs = (await keys()).filter((k) => k.startsWith(`${bystander.id}/`));
    expect(theirs).toHaveLength(3);
    expect((await keys()).filter((k) => k.startsWith(`${user.id}/`))).toHaveLength(3);

    const res = await call(t, "DELETE", "/api/auth/delete-account", { user, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
    expect((await keys()).filter((k) => k.includes(user.id))).toEqual([]);
    expect((await keys()).filter((k) => k.startsWith(`${bystander.id}/`))).toEqual(theirs);
  });
});
