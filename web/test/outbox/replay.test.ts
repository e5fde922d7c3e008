import { afterEach, describe, expect, it } from "vitest";
import { memoryLocks } from "../../src/features/outbox/locks";
import { addPendingUpload, listPendingUploads } from "../../src/features/outbox/outbox-store";
import { replayOutbox, sendPendingUpload, type SendContext } from "../../src/features/outbox/replay";
import { fetchTransport, type TransportResponse } from "../../src/features/outbox/upload-recording";
import { lastSendSteps } from "../../src/features/outbox/send-steps";
import { errorReply, freshOutbox, recording, startUploadServer, OWNER } from "./helpers";

let env: ReturnType<typeof freshOutbox>;
let server: Awaited<ReturnType<typeof startUploadServer>> | undefined;
afterEach(async () => {
  env?.close();
  await server?.close();
  server = undefined;
});

function context(db = env.db, overrides: Partial<SendContext> = {}): SendContext {
  return {
    db,
    baseUrl: server!.baseUrl,
    getSession: async () => ({ accessToken: "token-1", userId: OWNER }),
    transport: fetchTransport(),
    locks: memoryLocks(),
    ...overrides,
  };
}

describe("sending one recording", () => {
  it("posts the spec's multipart fields plus clientId and tz, with the bearer token", async () => {
    env = freshOutbox();
    server = await startUploadServer();
    const input = recording(3, 2048);
    await addPendingUpload(env.db, input);
    const result = await sendPendingUpload(context(), input.id);
    expect(result.kind).toBe("delivered");
    expect(server.received).toHaveLength(1);
    const [upload] = server.received;
    expect(upload!.authorization).toBe("Bearer token-1");
    expect(upload!.fields).toEqual({
      title: "Note 3",
      duration: "6",
      createdAt: input.createdAt,
      domainId: input.domainId,
      clientId: input.id,
      tz: "Europe/Berlin",
    });
    expect(upload!.fileName).toBe("recording.webm");
    expect(upload!.fileType).toBe("audio/webm;codecs=opus");
    expect(upload!.bytes).toEqual(new Uint8Array(await input.audio.arrayBuffer()));
  });

  it("names Safari's MP4/AAC audio recording.m4a and leaves out a missing collection", async () => {
    env = freshOutbox();
    server = await startUploadServer();
    const input = recording(1, 10, { audio: new Blob([new Uint8Array(10)], { type: "audio/mp4" }), domainId: null });
    await addPendingUpload(env.db, input);
    await sendPendingUpload(context(), input.id);
    expect(server.received[0]!.fileName).toBe("recording.m4a");
    expect(server.received[0]!.fields.domainId).toBeUndefined();
  });

  it("a send that never ends can be found by its last step: marked as it goes, and marked kept once it ends", async () => {
    env = freshOutbox();
    const input = recording(1);
    await addPendingUpload(env.db, input);
    // Marks of earlier sends in this process are older than this one's.
    const since = performance.now();
    const steps = () => lastSendSteps().filter((s) => s.at >= since);
    let answer!: (res: TransportResponse) => void;
    let sent!: () => void;
    const sending = new Promise<void>((resolve) => (sent = resolve));
    const transport = () => {
      sent();
      return new Promise<TransportResponse>((resolve) => (answer = resolve));
    };
    server = await startUploadServer();
    const result = sendPendingUpload(context(env.db, { transport }), input.id);
    await sending;
    const open = steps();
    expect(open.map((s) => s.step)).toEqual(["locked", "read", "session", "marking", "sending"]);
    expect(new Set(open.map((s) => s.id))).toEqual(new Set([input.id]));

    answer({ status: 201, statusText: "Created", body: JSON.stringify({ id: "n1" }) });
    expect((await result).kind).toBe("delivered");
    expect(steps().map((s) => s.step)).toEqual(["locked", "read", "session", "marking", "sending", "answered", "kept"]);
  });

  it("removes the recording after a 2xx, and only then", async () => {
    env = freshOutbox();
    server = await startUploadServer(() => ({ status: 200 }));
    await addPendingUpload(env.db, recording(1));
    expect((await sendPendingUpload(context(), recording(1).id)).kind).toBe("delivered");
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
  });

  it.each([
    { status: 500, kind: "retry", itemStatus: "waiting", error: "500: Something broke" },
    { status: 503, kind: "retry", itemStatus: "waiting", error: "503: Something broke" },
    { status: 429, kind: "retry", itemStatus: "waiting", error: "429: Something broke" },
    { status: 413, kind: "rejected", itemStatus: "rejected", error: "413: Something broke" },
    { status: 400, kind: "rejected", itemStatus: "rejected", error: "400: Something broke" },
    { status: 422, kind: "rejected", itemStatus: "rejected", error: "422: Something broke" },
  ])("keeps the audio after a $status, with attempts and lastError", async ({ status, kind, itemStatus, error }) => {
    env = freshOutbox();
    server = await startUploadServer(() => errorReply(status, "internal", "Something broke"));
    const input = recording(1, 500);
    await addPendingUpload(env.db, input);
    const result = await sendPendingUpload(context(), input.id);
    expect(result).toMatchObject({ kind, status });
    const [item] = await listPendingUploads(env.db, OWNER);
    expect(item).toMatchObject({ id: input.id, attempts: 1, lastError: error, lastStatus: status, status: itemStatus, size: 500 });
  });

  it("keeps a non-JSON error's text as the reason", async () => {
    env = freshOutbox();
    server = await startUploadServer(() => ({ status: 502, body: "Bad gateway from the proxy" }));
    await addPendingUpload(env.db, recording(1));
    await sendPendingUpload(context(), recording(1).id);
    // The body went through JSON.stringify in the stub server, so the text arrives quoted.
    expect((await listPendingUploads(env.db, OWNER))[0]!.lastError).toBe('502: "Bad gateway from the proxy"');
  });

  it("leaves the recording untouched after a 401: the page refreshes the session, no attempt is counted", async () => {
    env = freshOutbox();
    server = await startUploadServer(() => errorReply(401, "unauthorized", "Token expired"));
    await addPendingUpload(env.db, recording(1));
    expect((await sendPendingUpload(context(), recording(1).id)).kind).toBe("unauthorized");
    expect((await listPendingUploads(env.db, OWNER))[0]).toMatchObject({ attempts: 0, status: "waiting" });
    expect((await listPendingUploads(env.db, OWNER))[0]!.lastError).toBeUndefined();
  });

  it("counts an attempt when no server answers at all", async () => {
    env = freshOutbox();
    server = await startUploadServer();
    const deadUrl = server.baseUrl;
    await server.close();
    server = await startUploadServer();
    await addPendingUpload(env.db, recording(1));
    const result = await sendPendingUpload(context(env.db, { baseUrl: deadUrl }), recording(1).id);
    expect(result.kind).toBe("retry");
    const [item] = await listPendingUploads(env.db, OWNER);
    expect(item!.attempts).toBe(1);
    expect(item!.lastError).toMatch(/^Network error: /);
  });

  it("sends nothing without a token and leaves the recording for the page", async () => {
    env = freshOutbox();
    server = await startUploadServer();
    await addPendingUpload(env.db, recording(1));
    expect((await sendPendingUpload(context(env.db, { getSession: async () => null }), recording(1).id)).kind).toBe("no-session");
    expect(server.received).toHaveLength(0);
    expect((await listPendingUploads(env.db, OWNER))[0]).toMatchObject({ attempts: 0, status: "waiting" });
  });
});

describe("replaying the outbox", () => {
  it("sends everything oldest first and empties the outbox", async () => {
    env = freshOutbox();
    server = await startUploadServer();
    for (const n of [3, 1, 2]) await addPendingUpload(env.db, recording(n));
    const report = await replayOutbox(context());
    expect(server.received.map((u) => u.fields.title)).toEqual(["Note 1", "Note 2", "Note 3"]);
    expect(report.delivered).toHaveLength(3);
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
  });

  it("keeps going past a server error, keeps what failed, and does not resend what was refused for good", async () => {
    env = freshOutbox();
    server = await startUploadServer((upload) =>
      upload.fields.title === "Note 1"
        ? errorReply(413, "payload_too_large", "The recording is too large")
        : upload.fields.title === "Note 2"
          ? errorReply(503, "engine_unavailable", "Try later")
          : { status: 201 },
    );
    for (const n of [1, 2, 3]) await addPendingUpload(env.db, recording(n));
    const first = await replayOutbox(context());
    expect(first).toMatchObject({ delivered: [recording(3).id], failed: [recording(2).id], rejected: [recording(1).id] });
    expect((await listPendingUploads(env.db, OWNER)).map((i) => [i.title, i.status, i.attempts])).toEqual([
      ["Note 2", "waiting", 1],
      ["Note 1", "rejected", 1],
    ]);

    const second = await replayOutbox(context());
    expect(second.failed).toEqual([recording(2).id]);
    // Note 1 was not sent again: 3 requests in the first replay, 1 in the second.
    expect(server.received.map((u) => u.fields.title)).toEqual(["Note 1", "Note 2", "Note 3", "Note 2"]);
  });

  it("a person's Retry resends a refused recording", async () => {
    env = freshOutbox();
    let refuse = true;
    server = await startUploadServer(() => (refuse ? errorReply(422, "unprocessable", "No") : { status: 201 }));
    await addPendingUpload(env.db, recording(1));
    await sendPendingUpload(context(), recording(1).id);
    refuse = false;
    expect((await sendPendingUpload(context(), recording(1).id)).kind).toBe("delivered");
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
  });

  it("stops at the first 401 and reports that the session must be refreshed", async () => {
    env = freshOutbox();
    server = await startUploadServer(() => errorReply(401, "unauthorized", "Token expired"));
    for (const n of [1, 2, 3]) await addPendingUpload(env.db, recording(n));
    const report = await replayOutbox(context());
    expect(report.needsSession).toBe(true);
    expect(server.received).toHaveLength(1);
    expect(await listPendingUploads(env.db, OWNER)).toHaveLength(3);
  });

  it("stops when the network is down instead of failing every recording", async () => {
    env = freshOutbox();
    server = await startUploadServer();
    const deadUrl = server.baseUrl;
    await server.close();
    server = await startUploadServer();
    for (const n of [1, 2, 3]) await addPendingUpload(env.db, recording(n));
    const report = await replayOutbox(context(env.db, { baseUrl: deadUrl }));
    expect(report.offline).toBe(true);
    expect((await listPendingUploads(env.db, OWNER)).map((i) => i.attempts)).toEqual([0, 0, 1]);
  });

  it("two concurrent replays from two contexts send each recording exactly once", async () => {
    env = freshOutbox();
    server = await startUploadServer();
    for (let n = 1; n <= 20; n++) await addPendingUpload(env.db, recording(n));
    // Two tabs (or a tab and the worker): two database connections, one origin-wide lock table.
    const locks = memoryLocks();
    const [a, b] = await Promise.all([
      replayOutbox(context(env.db, { locks })),
      replayOutbox(context(env.second(), { locks })),
    ]);
    const ids = server.received.map((u) => u.fields.clientId);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(server.stats().overlappingSameId).toBe(0);
    expect([...a.delivered, ...b.delivered].sort()).toEqual(ids.slice().sort());
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
  });

  it("a page's direct send and a replay at the same moment send the recording once", async () => {
    env = freshOutbox();
    server = await startUploadServer();
    await addPendingUpload(env.db, recording(1));
    const locks = memoryLocks();
    const [direct, replay] = await Promise.all([
      sendPendingUpload(context(env.db, { locks }), recording(1).id),
      replayOutbox(context(env.second(), { locks })),
    ]);
    expect(server.received).toHaveLength(1);
    expect([direct.kind, replay.busy.length + replay.delivered.length]).toEqual(["delivered", 1]);
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
  });

  it("also sends a recording added while the replay is running", async () => {
    env = freshOutbox();
    let added = false;
    server = await startUploadServer(async () => {
      if (!added) {
        added = true;
        await addPendingUpload(env.db, recording(9));
      }
      return { status: 201 };
    });
    await addPendingUpload(env.db, recording(1));
    const report = await replayOutbox(context());
    expect(report.delivered).toEqual([recording(1).id, recording(9).id]);
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
  });
});
