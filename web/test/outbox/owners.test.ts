import { afterEach, describe, expect, it } from "vitest";
import { Dexie } from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { OUTBOX_DB_NAME, OUTBOX_DB_VERSION } from "@vj/core";
import { memoryLocks } from "../../src/features/outbox/locks";
import { openOutboxDb, UNKNOWN_OWNER, type OutboxDb } from "../../src/features/outbox/outbox-db";
import {
  addPendingUpload,
  claimUploads,
  countPendingUploads,
  getPendingUpload,
  listPendingUploads,
  outboxUsage,
  unclaimedUploads,
} from "../../src/features/outbox/outbox-store";
import { replayOutbox, sendPendingUpload, type SendContext } from "../../src/features/outbox/replay";
import { mirrorSession, readMirroredSession } from "../../src/features/outbox/session-mirror";
import { fetchTransport } from "../../src/features/outbox/upload-recording";
import { freshOutbox, OTHER, OWNER, recording, startUploadServer } from "./helpers";

let env: ReturnType<typeof freshOutbox> | undefined;
let server: Awaited<ReturnType<typeof startUploadServer>> | undefined;
const opened: Dexie[] = [];
afterEach(async () => {
  env?.close();
  env = undefined;
  opened.splice(0).forEach((db) => db.close());
  await server?.close();
  server = undefined;
});

/** A JWT-shaped token whose subject is `sub` (only its payload is read on the device). */
function tokenFor(sub: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ sub, exp: 4_000_000_000 })}.signature`;
}

function signedIn(db: OutboxDb, userId: string, token = `token-of-${userId}`): SendContext {
  return {
    db,
    baseUrl: server!.baseUrl,
    getSession: async () => ({ accessToken: token, userId }),
    transport: fetchTransport(),
    locks: memoryLocks(),
  };
}

describe("whose recordings are sent", () => {
  it("sends only the signed-in person's recordings, with their token; another person's wait untouched", async () => {
    env = freshOutbox();
    server = await startUploadServer();
    await addPendingUpload(env.db, recording(1, 100, { ownerId: OWNER }));
    await addPendingUpload(env.db, recording(2, 100, { ownerId: OTHER }));

    const report = await replayOutbox(signedIn(env.db, OTHER));
    expect(report.delivered).toEqual([recording(2).id]);
    expect(server.received.map((u) => [u.fields.clientId, u.authorization])).toEqual([[recording(2).id, `Bearer token-of-${OTHER}`]]);
    // The first person's recording is exactly as it was: no attempt counted, no refusal kept.
    expect(await getPendingUpload(env.db, recording(1).id)).toMatchObject({ ownerId: OWNER, status: "waiting", attempts: 0 });
    expect(await listPendingUploads(env.db, OTHER)).toEqual([]);

    // Its owner signs in again: it goes by itself, with their session.
    const back = await replayOutbox(signedIn(env.db, OWNER));
    expect(back.delivered).toEqual([recording(1).id]);
    expect(server.received.at(-1)!.authorization).toBe(`Bearer token-of-${OWNER}`);
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
  });

  it("refuses to send one recording with another person's session, even when asked for it by id", async () => {
    env = freshOutbox();
    server = await startUploadServer();
    await addPendingUpload(env.db, recording(1, 100, { ownerId: OWNER }));
    expect((await sendPendingUpload(signedIn(env.db, OTHER), recording(1).id)).kind).toBe("not-yours");
    expect(server.received).toHaveLength(0);
    expect(await getPendingUpload(env.db, recording(1).id)).toMatchObject({ status: "waiting", attempts: 0 });
  });

  it("follows the session of the moment: a person switched mid-replay stops the first person's recordings", async () => {
    env = freshOutbox();
    let current = OWNER;
    server = await startUploadServer((_upload, n) => {
      // The first person signs out and another signs in while their first recording is on its way.
      if (n === 1) current = OTHER;
      return { status: 201 };
    });
    for (const n of [1, 2, 3]) await addPendingUpload(env.db, recording(n, 100, { ownerId: OWNER }));
    const ctx: SendContext = { ...signedIn(env.db, OWNER), getSession: async () => ({ accessToken: `token-of-${current}`, userId: current }) };
    await replayOutbox(ctx);
    expect(server.received.map((u) => u.authorization)).toEqual([`Bearer token-of-${OWNER}`]);
    expect((await listPendingUploads(env.db, OWNER)).map((u) => u.title)).toEqual(["Note 3", "Note 2"]);
  });
});

describe("what each person sees of the outbox", () => {
  it("lists and counts only the signed-in person's recordings", async () => {
    env = freshOutbox();
    await addPendingUpload(env.db, recording(1, 1000, { ownerId: OWNER }));
    await addPendingUpload(env.db, recording(2, 3000, { ownerId: OTHER }));
    await addPendingUpload(env.db, recording(3, 500, { ownerId: OWNER }));
    expect((await listPendingUploads(env.db, OWNER)).map((u) => u.title)).toEqual(["Note 3", "Note 1"]);
    expect((await listPendingUploads(env.db, OTHER)).map((u) => u.title)).toEqual(["Note 2"]);
    expect(await outboxUsage(env.db, OWNER)).toMatchObject({ bytes: 1500, count: 2 });
    expect(await outboxUsage(env.db, OTHER)).toMatchObject({ bytes: 3000, count: 1 });
    expect(await countPendingUploads(env.db, OTHER)).toBe(1);
  });
});

describe("the mirrored session for the service worker", () => {
  it("says whose token it is, from the session or else from the token itself", async () => {
    env = freshOutbox();
    await mirrorSession(env.db, { access_token: "tok", user: { id: OWNER } });
    expect(await readMirroredSession(env.db)).toEqual({ accessToken: "tok", userId: OWNER });
    await mirrorSession(env.db, { access_token: tokenFor(OTHER) });
    expect(await readMirroredSession(env.second())).toEqual({ accessToken: tokenFor(OTHER), userId: OTHER });
  });
});

/** A version-1 outbox as it was before owners were recorded, with the given rows and mirrored session. */
async function legacyOutbox(factory: IDBFactory, rows: object[], session?: object) {
  const old = new Dexie(OUTBOX_DB_NAME, { indexedDB: factory, IDBKeyRange });
  old.version(OUTBOX_DB_VERSION).stores({
    pendingUploads: "id, recordedAt, [recordedAt+size]",
    activeRecordings: "id",
    recordingChunks: "[recordingId+seq]",
    keyValues: "key",
  });
  await old.table("pendingUploads").bulkPut(rows);
  await old.table("activeRecordings").put({ id: "rec-active", mimeType: "audio/webm", title: "T", createdAt: "", domainId: null, recordedAt: 1, timeZone: "UTC" });
  if (session) await old.table("keyValues").put({ key: "session", value: session });
  old.close();
}

function legacyRow(n: number, extra: object = {}) {
  const { ownerId: _ignored, audio, ...rest } = recording(n, 10);
  return { ...rest, audioBuffer: new ArrayBuffer(10), mimeType: audio.type, attempts: 0, size: 10, status: "waiting", ...extra };
}

describe("upgrading an outbox from before owners were recorded", () => {
  it("gives every row to the person signed in at the time of the upgrade, and retries a refusal that may have come from another session", async () => {
    const factory = new IDBFactory();
    await legacyOutbox(
      factory,
      [legacyRow(1), legacyRow(2, { status: "rejected", lastStatus: 404, lastError: "404: Collection not found", attempts: 5 }), legacyRow(3, { status: "rejected", lastStatus: 413 })],
      { accessToken: tokenFor(OWNER), expiresAt: 1 },
    );
    const db = openOutboxDb({ indexedDB: factory, IDBKeyRange });
    opened.push(db);
    expect((await listPendingUploads(db, OWNER)).map((u) => [u.title, u.status])).toEqual([
      ["Note 3", "rejected"],
      ["Note 2", "waiting"],
      ["Note 1", "waiting"],
    ]);
    expect((await db.activeRecordings.get("rec-active"))?.ownerId).toBe(OWNER);
    expect(await unclaimedUploads(db)).toEqual([]);
  });

  it("keeps rows nobody can be told owns unsent, for a signed-in person to claim", async () => {
    const factory = new IDBFactory();
    await legacyOutbox(factory, [legacyRow(1), legacyRow(2)]);
    const db = openOutboxDb({ indexedDB: factory, IDBKeyRange });
    opened.push(db);
    server = await startUploadServer();
    expect((await unclaimedUploads(db)).map((u) => u.title)).toEqual(["Note 1", "Note 2"]);
    expect((await replayOutbox(signedIn(db, OTHER))).delivered).toEqual([]);
    expect(server.received).toHaveLength(0);
    expect(await listPendingUploads(db, OTHER)).toEqual([]);

    await claimUploads(db, [recording(1).id], OTHER);
    expect((await unclaimedUploads(db)).map((u) => u.title)).toEqual(["Note 2"]);
    expect((await replayOutbox(signedIn(db, OTHER))).delivered).toEqual([recording(1).id]);
    expect((await getPendingUpload(db, recording(2).id))?.ownerId).toBe(UNKNOWN_OWNER);
  });
});
