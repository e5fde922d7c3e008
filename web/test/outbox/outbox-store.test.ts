import { afterEach, describe, expect, it } from "vitest";
import { OUTBOX_DB_NAME, OUTBOX_DB_VERSION, OUTBOX_MAX_BYTES, OUTBOX_STORE_NAME } from "@vj/core";
import type { DBCore, DBCoreMutateRequest } from "dexie";
import { audioOf } from "../../src/features/outbox/audio-storage";
import {
  addPendingUpload,
  deletePendingUpload,
  listPendingUploads,
  newOutboxId,
  OutboxItemTooLargeError,
  outboxUsage,
  recordFailedAttempt,
} from "../../src/features/outbox/outbox-store";
import { freshOutbox, MB, recording, OWNER } from "./helpers";

let env: ReturnType<typeof freshOutbox>;
afterEach(() => env?.close());

describe("the outbox database", () => {
  it("is voice-notes-outbox, version 1 as the spec fixes plus the versions for owners and changes, with the pendingUploads store keyed by id", async () => {
    env = freshOutbox();
    await env.db.open();
    expect(env.db.name).toBe(OUTBOX_DB_NAME);
    expect(env.db.verno).toBe(OUTBOX_DB_VERSION + 2);
    const store = env.db.table(OUTBOX_STORE_NAME);
    expect(store.schema.primKey.keyPath).toBe("id");
  });

  it("names recordings rec-{timestamp}-{random}", () => {
    expect(newOutboxId(1_732_000_000_123, () => 0.5)).toMatch(/^rec-1732000000123-[0-9a-z]{8}$/);
    expect(newOutboxId()).not.toBe(newOutboxId());
  });
});

describe("adding and listing", () => {
  it("keeps every field of a recording and gives its audio back byte for byte", async () => {
    env = freshOutbox();
    const input = recording(1, 4096);
    await addPendingUpload(env.db, input);
    const [item] = await listPendingUploads(env.db, OWNER);
    expect(item).toMatchObject({
      id: input.id,
      title: "Note 1",
      duration: 4,
      createdAt: input.createdAt,
      domainId: input.domainId,
      attempts: 0,
      mimeType: "audio/webm;codecs=opus",
      size: 4096,
      status: "waiting",
      timeZone: "Europe/Berlin",
    });
    expect(item!.lastError).toBeUndefined();
    const audio = audioOf(item!, item!.mimeType);
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(new Uint8Array(await input.audio.arrayBuffer()));
  });

  it("keeps a recording without a collection (domainId null)", async () => {
    env = freshOutbox();
    await addPendingUpload(env.db, recording(1, 10, { domainId: null }));
    expect((await listPendingUploads(env.db, OWNER))[0]!.domainId).toBeNull();
  });

  it("lists newest first, whatever order they were added in", async () => {
    env = freshOutbox();
    for (const n of [2, 5, 1, 4, 3]) await addPendingUpload(env.db, recording(n));
    expect((await listPendingUploads(env.db, OWNER)).map((i) => i.title)).toEqual(["Note 5", "Note 4", "Note 3", "Note 2", "Note 1"]);
  });
});

describe("the 80 MB cap", () => {
  it("is 80 MB", () => {
    expect(OUTBOX_MAX_BYTES).toBe(80 * MB);
  });

  it("evicts the oldest recordings first, only as many as needed, and says which", async () => {
    env = freshOutbox();
    // Five 20 MB recordings in an 80 MB outbox: the fifth pushes out the first.
    for (const n of [1, 2, 3, 4]) expect((await addPendingUpload(env.db, recording(n, 20 * MB))).evicted).toEqual([]);
    expect((await outboxUsage(env.db, OWNER)).bytes).toBe(80 * MB);

    const fifth = await addPendingUpload(env.db, recording(5, 20 * MB));
    expect(fifth.evicted.map((e) => e.title)).toEqual(["Note 1"]);
    expect((await listPendingUploads(env.db, OWNER)).map((i) => i.title)).toEqual(["Note 5", "Note 4", "Note 3", "Note 2"]);

    // A 50 MB one needs three of the oldest to go (60 MB left would not fit 50 MB).
    const big = await addPendingUpload(env.db, recording(6, 50 * MB));
    expect(big.evicted.map((e) => e.title)).toEqual(["Note 2", "Note 3", "Note 4"]);
    expect((await listPendingUploads(env.db, OWNER)).map((i) => i.title)).toEqual(["Note 6", "Note 5"]);
    expect(await outboxUsage(env.db, OWNER)).toEqual({ bytes: 70 * MB, count: 2, maxBytes: OUTBOX_MAX_BYTES });
  });

  it("evicts by recording time, not by the note's date (a note for an earlier day is not older)", async () => {
    env = freshOutbox();
    const cap = 3000;
    await addPendingUpload(env.db, recording(1, 1000, { createdAt: "2026-11-22T08:00:00.000Z" }), { maxBytes: cap });
    await addPendingUpload(env.db, recording(2, 1000, { createdAt: "2020-01-01T08:00:00.000Z" }), { maxBytes: cap });
    await addPendingUpload(env.db, recording(3, 1000), { maxBytes: cap });
    const { evicted } = await addPendingUpload(env.db, recording(4, 1000), { maxBytes: cap });
    expect(evicted.map((e) => e.title)).toEqual(["Note 1"]);
  });

  it("refuses a recording larger than the whole cap and evicts nothing for it", async () => {
    env = freshOutbox();
    await addPendingUpload(env.db, recording(1, 1000), { maxBytes: 5000 });
    await expect(addPendingUpload(env.db, recording(2, 5001), { maxBytes: 5000 })).rejects.toBeInstanceOf(OutboxItemTooLargeError);
    expect((await listPendingUploads(env.db, OWNER)).map((i) => i.title)).toEqual(["Note 1"]);
  });

  it("replacing a recording with the same id does not count it twice", async () => {
    env = freshOutbox();
    await addPendingUpload(env.db, recording(1, 2000), { maxBytes: 3000 });
    const again = await addPendingUpload(env.db, recording(1, 2000), { maxBytes: 3000 });
    expect(again.evicted).toEqual([]);
    expect(await outboxUsage(env.db, OWNER, 3000)).toEqual({ bytes: 2000, count: 1, maxBytes: 3000 });
  });
});

describe("failures and deletion", () => {
  it("a failed attempt raises the count and keeps the reason and the audio", async () => {
    env = freshOutbox();
    const input = recording(1, 100);
    await addPendingUpload(env.db, input);
    await recordFailedAttempt(env.db, input.id, { message: "503: Transcription engine unavailable", status: 503, permanent: false, at: 1 });
    const after = await recordFailedAttempt(env.db, input.id, { message: "Network error: fetch failed", permanent: false, at: 2 });
    expect(after).toMatchObject({ attempts: 2, lastError: "Network error: fetch failed", lastAttemptAt: 2, status: "waiting" });
    const [item] = await listPendingUploads(env.db, OWNER);
    expect(item).toMatchObject({ attempts: 2, lastError: "Network error: fetch failed" });
    expect(audioOf(item!, item!.mimeType).size).toBe(100);
  });

  it("a permanent refusal marks the recording rejected but keeps it", async () => {
    env = freshOutbox();
    const input = recording(1, 100);
    await addPendingUpload(env.db, input);
    await recordFailedAttempt(env.db, input.id, { message: "413: The recording is too large", status: 413, permanent: true });
    expect((await listPendingUploads(env.db, OWNER))[0]).toMatchObject({ status: "rejected", attempts: 1, lastStatus: 413 });
  });

  it("a failure for a recording that is gone changes nothing", async () => {
    env = freshOutbox();
    expect(await recordFailedAttempt(env.db, "rec-1-missing", { message: "x", permanent: false })).toBeUndefined();
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
  });

  it("deleting removes only that recording and frees its bytes", async () => {
    env = freshOutbox();
    for (const n of [1, 2, 3]) await addPendingUpload(env.db, recording(n, 1000));
    await deletePendingUpload(env.db, recording(2).id);
    expect((await listPendingUploads(env.db, OWNER)).map((i) => i.title)).toEqual(["Note 3", "Note 1"]);
    expect((await outboxUsage(env.db, OWNER)).bytes).toBe(2000);
  });
});

/** Makes every write of a record holding a Blob fail the way older Safari does. */
function refuseBlobs(core: DBCore): DBCore {
  const holdsBlob = (value: unknown) =>
    typeof value === "object" && value !== null && Object.values(value).some((v) => v instanceof Blob);
  return {
    ...core,
    table(name) {
      const table = core.table(name);
      return {
        ...table,
        mutate(req: DBCoreMutateRequest) {
          if ((req.type === "put" || req.type === "add") && req.values.some(holdsBlob)) {
            return Promise.reject(new DOMException("BlobURLs are not yet supported", "DataCloneError"));
          }
          return table.mutate(req);
        },
      };
    },
  };
}

describe("a browser that cannot store Blobs in IndexedDB (older Safari)", () => {
  it("keeps the audio as an ArrayBuffer and gives the same bytes and type back", async () => {
    env = freshOutbox();
    env.db.use({ stack: "dbcore", name: "refuse-blobs", create: refuseBlobs });
    const input = recording(7, 3000, { audio: new Blob([new Uint8Array([1, 2, 3, 250])], { type: "audio/mp4" }) });
    await addPendingUpload(env.db, input);
    const [item] = await listPendingUploads(env.db, OWNER);
    expect(item!.audioBlob).toBeUndefined();
    expect(item!.audioBuffer).toBeInstanceOf(ArrayBuffer);
    const audio = audioOf(item!, item!.mimeType);
    expect(audio.type).toBe("audio/mp4");
    expect([...new Uint8Array(await audio.arrayBuffer())]).toEqual([1, 2, 3, 250]);
    expect((await outboxUsage(env.db, OWNER)).bytes).toBe(4);
  });
});
