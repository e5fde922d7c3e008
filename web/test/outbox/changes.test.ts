import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { addChange, discardChange, keepMine, listChanges, retryChange } from "../../src/features/outbox/changes-store";
import { memoryLocks } from "../../src/features/outbox/locks";
import { addPendingUpload, listPendingUploads } from "../../src/features/outbox/outbox-store";
import { hitsWithChanges } from "../../src/features/search/hits-with-changes";
import { applyChanges, dayCountsWithoutDeleted, figuresWithoutDeleted, syncMarks } from "../../src/features/outbox/overlay";
import type { SearchHit } from "@vj/core";
import type { CountedNote } from "../../src/features/outbox/outbox-db";
import { replayOutbox, type SendContext } from "../../src/features/outbox/replay";
import { fetchTransport } from "../../src/features/outbox/upload-recording";
import { freshOutbox, OTHER, OWNER, recording } from "./helpers";

type Seen = { method: string; path: string; key: string | undefined; auth: string | undefined; body: unknown };
type Answer = { status: number; body?: unknown };

/** A stand-in API: records every request (uploads too) and answers what the test says. */
async function startApi(answer: (req: Seen, n: number) => Answer = () => ({ status: 200, body: { success: true } })) {
  const seen: Seen[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: unknown = null;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw.includes('name="clientId"') ? /name="clientId"\r\n\r\n([^\r]+)/.exec(raw)?.[1] : null;
    }
    const entry = { method: req.method!, path: req.url!, key: req.headers["idempotency-key"] as string | undefined, auth: req.headers.authorization, body };
    seen.push(entry);
    const reply = answer(entry, seen.length);
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(JSON.stringify(reply.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let env: ReturnType<typeof freshOutbox> | undefined;
let api: Awaited<ReturnType<typeof startApi>> | undefined;
afterEach(async () => {
  env?.close();
  env = undefined;
  await api?.close();
  api = undefined;
});

const NOTE_A = "aaaaaaaa-0000-4000-8000-000000000001";
const NOTE_B = "aaaaaaaa-0000-4000-8000-000000000002";
const DEVICE_COLLECTION = "dddddddd-0000-4000-8000-00000000000d";
const SERVER_COLLECTION = "5e5e5e5e-0000-4000-8000-000000000005";

function signedIn(userId = OWNER): SendContext {
  return {
    db: env!.db,
    baseUrl: api!.baseUrl,
    getSession: async () => ({ accessToken: `token-of-${userId}`, userId }),
    transport: fetchTransport(),
    locks: memoryLocks(),
  };
}

const rename = (id: string, title: string, ownerId = OWNER) =>
  addChange(env!.db, { ownerId, target: { type: "note", id }, action: "update", method: "PATCH", path: `/api/voice-notes/${id}`, body: { title } });
const remove = (id: string, ownerId = OWNER, counted?: CountedNote) =>
  addChange(env!.db, { ownerId, target: { type: "note", id }, action: "delete", method: "DELETE", path: `/api/voice-notes/${id}`, counted });

describe("the queue of changes", () => {
  it("sends changes in the order they were made, each with its own id as the Idempotency-Key, and forgets each once the server has it", async () => {
    env = freshOutbox();
    api = await startApi();
    const first = await rename(NOTE_A, "One");
    await rename(NOTE_B, "Two");
    await rename(NOTE_A, "Three");
    await remove(NOTE_B);
    const report = await replayOutbox(signedIn());
    expect(api.seen.map((r) => [r.method, r.path, r.body])).toEqual([
      ["PATCH", `/api/voice-notes/${NOTE_A}`, { title: "One" }],
      ["PATCH", `/api/voice-notes/${NOTE_B}`, { title: "Two" }],
      ["PATCH", `/api/voice-notes/${NOTE_A}`, { title: "Three" }],
      ["DELETE", `/api/voice-notes/${NOTE_B}`, null],
    ]);
    expect(api.seen[0]!.key).toBe(first.id);
    expect(new Set(api.seen.map((r) => r.key)).size).toBe(4);
    expect(api.seen.every((r) => r.auth === `Bearer token-of-${OWNER}`)).toBe(true);
    expect(report.changes.delivered).toHaveLength(4);
    expect(await listChanges(env.db, OWNER)).toEqual([]);
  });

  it("a change whose answer was lost is sent again with the same id, so the server applies it once", async () => {
    env = freshOutbox();
    let drop = true;
    api = await startApi(() => (drop ? { status: 503, body: { error: { code: "internal", message: "Down" } } } : { status: 200 }));
    const change = await rename(NOTE_A, "Once");
    await rename(NOTE_A, "After");
    const down = await replayOutbox(signedIn());
    // Stopped at the first: the second never overtakes it.
    expect(down.changes.stopped).toBe("server");
    expect(api.seen).toHaveLength(1);
    drop = false;
    await replayOutbox(signedIn());
    expect(api.seen.map((r) => [r.key, r.body])).toEqual([
      [change.id, { title: "Once" }],
      [change.id, { title: "Once" }],
      [expect.any(String), { title: "After" }],
    ]);
    expect(await listChanges(env.db, OWNER)).toEqual([]);
  });

  it("no connection: nothing is counted against the change, and all wait in order", async () => {
    env = freshOutbox();
    api = await startApi();
    await rename(NOTE_A, "Offline one");
    await remove(NOTE_B);
    const ctx: SendContext = { ...signedIn(), fetch: async () => Promise.reject(new TypeError("Failed to fetch")) };
    const report = await replayOutbox(ctx);
    expect(report.offline).toBe(true);
    expect((await listChanges(env.db, OWNER)).map((c) => [c.action, c.status, c.attempts])).toEqual([
      ["update", "waiting", 0],
      ["delete", "waiting", 0],
    ]);
  });

  it("a collection created offline is created first, and what follows — a rename and a recording into it — uses the server's id", async () => {
    env = freshOutbox();
    api = await startApi((req) => (req.method === "POST" && req.path === "/api/domains" ? { status: 201, body: { id: SERVER_COLLECTION, name: "Trip" } } : { status: 201, body: {} }));
    await addChange(env.db, {
      ownerId: OWNER,
      target: { type: "collection", id: DEVICE_COLLECTION },
      action: "create",
      method: "POST",
      path: "/api/domains",
      body: { name: "Trip", primaryColor: "#0369a1" },
    });
    await addPendingUpload(env.db, recording(1, 100, { domainId: DEVICE_COLLECTION }));
    await addChange(env.db, {
      ownerId: OWNER,
      target: { type: "collection", id: DEVICE_COLLECTION },
      action: "update",
      method: "PATCH",
      path: `/api/domains/${DEVICE_COLLECTION}`,
      body: { description: "Summer" },
    });
    await replayOutbox(signedIn());
    expect(api.seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /api/domains", `PATCH /api/domains/${SERVER_COLLECTION}`, "POST /api/voice-notes"]);
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
  });

  it("a recording into a collection whose create has not reached the server waits for it", async () => {
    env = freshOutbox();
    api = await startApi((req) => (req.path === "/api/domains" ? { status: 422, body: { error: { code: "unprocessable", message: "No" } } } : { status: 201 }));
    await addChange(env.db, { ownerId: OWNER, target: { type: "collection", id: DEVICE_COLLECTION }, action: "create", method: "POST", path: "/api/domains", body: { name: "Trip" } });
    await addPendingUpload(env.db, recording(1, 100, { domainId: DEVICE_COLLECTION }));
    await replayOutbox(signedIn());
    expect(api.seen.map((r) => r.path)).toEqual(["/api/domains"]);
    expect(await listPendingUploads(env.db, OWNER)).toHaveLength(1);
  });

  it("a conflict keeps the server's version beside the change; later changes of that item wait; others go on", async () => {
    env = freshOutbox();
    const current = { id: NOTE_A, title: "T", transcription: "Edited on the laptop." };
    api = await startApi((req) =>
      req.path.endsWith(NOTE_A) ? { status: 409, body: { error: { code: "conflict", message: "Changed on another device", current } } } : { status: 200 },
    );
    const edit = await addChange(env.db, {
      ownerId: OWNER,
      target: { type: "note", id: NOTE_A },
      action: "update",
      method: "PATCH",
      path: `/api/voice-notes/${NOTE_A}`,
      body: { transcription: "Edited on the phone.", baseTranscription: "Said." },
    });
    await rename(NOTE_A, "Behind the conflict");
    await rename(NOTE_B, "Unrelated");
    const report = await replayOutbox(signedIn());
    expect(report.changes.conflicts.map((c) => c.id)).toEqual([edit.id]);
    expect(api.seen.map((r) => r.path)).toEqual([`/api/voice-notes/${NOTE_A}`, `/api/voice-notes/${NOTE_B}`]);
    const left = await listChanges(env.db, OWNER);
    expect(left.map((c) => [c.status, c.body])).toEqual([
      ["conflict", { transcription: "Edited on the phone.", baseTranscription: "Said." }],
      ["waiting", { title: "Behind the conflict" }],
    ]);
    expect(left[0]!.current).toEqual(current);
    expect(left[0]!.lastError).toBe("409: Changed on another device");

    // The person keeps their own words: sent again without the version it was made from.
    await keepMine(env.db, left[0]!.seq!);
    api.seen.length = 0;
    const answers = await startApi();
    await api.close();
    api = answers;
    await replayOutbox(signedIn());
    expect(api.seen.map((r) => r.body)).toEqual([{ transcription: "Edited on the phone." }, { title: "Behind the conflict" }]);
  });

  it("a change refused for good is kept with its reason until Retry or Discard", async () => {
    env = freshOutbox();
    let refuse = true;
    api = await startApi(() => (refuse ? { status: 400, body: { error: { code: "validation_failed", message: "Title must not be empty" } } } : { status: 200 }));
    const change = await rename(NOTE_A, "x");
    await replayOutbox(signedIn());
    await replayOutbox(signedIn());
    expect(api.seen).toHaveLength(1);
    const [kept] = await listChanges(env.db, OWNER);
    expect(kept).toMatchObject({ status: "refused", lastError: "400: Title must not be empty", attempts: 1 });
    refuse = false;
    await retryChange(env.db, kept!.seq!);
    await replayOutbox(signedIn());
    // Under a new id: the server keeps its answer to the old one.
    expect(api.seen.map((r) => r.key)).toEqual([change.id, expect.not.stringMatching(change.id)]);
    expect(await listChanges(env.db, OWNER)).toEqual([]);

    const other = await rename(NOTE_B, "Dropped");
    await discardChange(env.db, other.seq!);
    expect(await listChanges(env.db, OWNER)).toEqual([]);
  });

  it("an edit of a note deleted elsewhere meanwhile: the delete wins, the edit is dropped and reported", async () => {
    env = freshOutbox();
    api = await startApi((req) => (req.path.endsWith(NOTE_A) ? { status: 404, body: { error: { code: "not_found", message: "Voice note not found" } } } : { status: 200 }));
    const edit = await rename(NOTE_A, "Too late");
    const report = await replayOutbox(signedIn());
    expect(report.changes.gone.map((c) => c.id)).toEqual([edit.id]);
    expect(await listChanges(env.db, OWNER)).toEqual([]);
  });

  it("sends only the signed-in person's changes, and shows each person only theirs", async () => {
    env = freshOutbox();
    api = await startApi();
    await rename(NOTE_A, "A's rename", OWNER);
    await rename(NOTE_B, "B's rename", OTHER);
    await replayOutbox(signedIn(OTHER));
    expect(api.seen.map((r) => [r.body, r.auth])).toEqual([[{ title: "B's rename" }, `Bearer token-of-${OTHER}`]]);
    expect((await listChanges(env.db, OWNER)).map((c) => c.body)).toEqual([{ title: "A's rename" }]);
    expect(await listChanges(env.db, OTHER)).toEqual([]);
  });
});

describe("what the lists show while changes wait", () => {
  it("applies waiting renames and deletes in order over the server's answer, and marks the items", async () => {
    env = freshOutbox();
    await rename(NOTE_A, "New title");
    await remove(NOTE_B);
    const changes = await listChanges(env.db, OWNER);
    const server = [
      { id: NOTE_A, title: "Old title", transcription: "x" },
      { id: NOTE_B, title: "Gone soon", transcription: null },
    ];
    expect(applyChanges(server, changes, "note")).toEqual([{ id: NOTE_A, title: "New title", transcription: "x" }]);
    expect(applyChanges(server, changes, "collection")).toEqual(server);
    expect([...syncMarks(changes).entries()].map(([key, mark]) => [key, mark.status])).toEqual([
      [`note:${NOTE_A}`, "waiting"],
      [`note:${NOTE_B}`, "waiting"],
    ]);
  });
});

describe("search results while changes wait", () => {
  it("lose the notes deleted here and show the new titles, in the server's order, summaries untouched", async () => {
    env = freshOutbox();
    await rename(NOTE_A, "New title");
    await remove(NOTE_B);
    const hit = (id: string, title: string): SearchHit => ({
      kind: "note", id, domainId: SERVER_COLLECTION, title, createdAt: "2026-11-28T10:00:00.000Z", snippet: "the heron", highlights: [[4, 9]], duration: 30,
    });
    const summary: SearchHit = {
      kind: "summary", id: NOTE_B, domainId: SERVER_COLLECTION, title: "Week", createdAt: "2026-11-28T10:00:00.000Z", snippet: "", highlights: [], period: "week", periodKey: "2026-W48",
    };
    const other = hit("aaaaaaaa-0000-4000-8000-000000000003", "Untouched");
    const server = [other, hit(NOTE_B, "Gone soon"), summary, hit(NOTE_A, "Old title")];
    expect(hitsWithChanges(server, await listChanges(env.db, OWNER))).toEqual([other, summary, hit(NOTE_A, "New title")]);
    expect(hitsWithChanges(server, await listChanges(env.db, OTHER))).toEqual(server);
  });
});

describe("the figures while a note's delete waits", () => {
  const HOME = "c0c0c0c0-0000-4000-8000-000000000001";
  const WORK = "c0c0c0c0-0000-4000-8000-000000000002";

  it("take the deleted notes out of their collection's recordings, minutes and transcribed counts, and out of their local day", async () => {
    env = freshOutbox();
    // 23:30 UTC on the 28th is the 29th in Berlin; the other note is transcribed, in another collection.
    await remove(NOTE_A, OWNER, { domainId: HOME, createdAt: "2026-11-28T23:30:00.000Z", duration: 90, transcribed: false });
    await remove(NOTE_B, OWNER, { domainId: WORK, createdAt: "2026-11-28T10:00:00.000Z", duration: 30, transcribed: true });
    const changes = await listChanges(env.db, OWNER);

    const home = { totalRecordings: 3, totalDuration: 300, transcribedCount: 2, recentRecording: "2026-11-28T23:30:00.000Z" };
    expect(figuresWithoutDeleted(home, HOME, changes)).toEqual({ ...home, totalRecordings: 2, totalDuration: 210, transcribedCount: 2 });
    const work = { totalRecordings: 1, totalDuration: 30, transcribedCount: 1 };
    expect(figuresWithoutDeleted(work, WORK, changes)).toEqual({ totalRecordings: 0, totalDuration: 0, transcribedCount: 0 });

    const days = [
      { date: "2026-11-28", notes: 2 },
      { date: "2026-11-29", notes: 1 },
    ];
    // Home alone, in Berlin: its note leaves the 29th, which then has none.
    expect([...dayCountsWithoutDeleted(days, HOME, "Europe/Berlin", changes)]).toEqual([["2026-11-28", 2]]);
    // Every collection, in UTC: both notes were on the 28th.
    expect([...dayCountsWithoutDeleted(days, null, "UTC", changes)]).toEqual([["2026-11-29", 1]]);
  });

  it("stay as the server gave them once the delete is refused, and for a delete made before notes' places were kept", async () => {
    env = freshOutbox();
    const refused = await remove(NOTE_A, OWNER, { domainId: HOME, createdAt: "2026-11-28T10:00:00.000Z", duration: 90, transcribed: true });
    await remove(NOTE_B);
    const changes = (await listChanges(env.db, OWNER)).map((c) => (c.id === refused.id ? { ...c, status: "refused" as const } : c));
    const home = { totalRecordings: 3, totalDuration: 300, transcribedCount: 2 };
    expect(figuresWithoutDeleted(home, HOME, changes)).toBe(home);
    expect([...dayCountsWithoutDeleted([{ date: "2026-11-28", notes: 2 }], HOME, "UTC", changes)]).toEqual([["2026-11-28", 2]]);
  });
});

describe("the sign-out question", () => {
  it("counts only the person's waiting recordings and changes, in the spec's words, and can delete them", async () => {
    const { waitingFor, waitingSentence, deleteWaiting } = await import("../../src/features/outbox/waiting");
    env = freshOutbox();
    await addPendingUpload(env.db, recording(1, 100));
    await addPendingUpload(env.db, recording(2, 100));
    await addPendingUpload(env.db, recording(3, 100, { ownerId: OTHER }));
    for (const title of ["a", "b", "c"]) await rename(NOTE_A, title);
    await rename(NOTE_B, "theirs", OTHER);
    const waiting = await waitingFor(OWNER, env.db);
    expect(waiting).toEqual({ recordings: 2, changes: 3 });
    expect(waitingSentence(waiting)).toBe("2 recordings and 3 changes are not uploaded yet. They stay on this device and upload when you sign in again.");
    expect(waitingSentence({ recordings: 1, changes: 0 })).toBe("1 recording is not uploaded yet. It stays on this device and uploads when you sign in again.");
    await deleteWaiting(OWNER, env.db);
    expect(await waitingFor(OWNER, env.db)).toEqual({ recordings: 0, changes: 0 });
    expect(await waitingFor(OTHER, env.db)).toEqual({ recordings: 1, changes: 1 });
  });
});
