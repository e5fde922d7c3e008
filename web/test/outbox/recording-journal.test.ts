import { afterEach, describe, expect, it } from "vitest";
import { audioOf } from "../../src/features/outbox/audio-storage";
import { lockNames, memoryLocks } from "../../src/features/outbox/locks";
import type { ActiveRecording } from "../../src/features/outbox/outbox-db";
import { addPendingUpload, listPendingUploads, markUploading } from "../../src/features/outbox/outbox-store";
import {
  appendChunk,
  beginRecording,
  discardRecording,
  finishRecording,
  recoverInterruptedRecordings,
  updateRecordingTitle,
} from "../../src/features/outbox/recording-journal";
import { freshOutbox, recording, OWNER } from "./helpers";

let env: ReturnType<typeof freshOutbox>;
afterEach(() => env?.close());

function active(id = "rec-1732262400000-abcdefgh"): ActiveRecording {
  return {
    id,
    ownerId: OWNER,
    mimeType: "audio/webm;codecs=opus",
    title: "Sunday, November 22 at 9:00 AM",
    createdAt: "2026-11-22T08:00:00.000Z",
    domainId: "11111111-1111-4111-8111-111111111111",
    recordedAt: 1_732_262_400_000,
    timeZone: "Europe/Berlin",
  };
}

const chunk = (text: string) => new Blob([text], { type: "audio/webm;codecs=opus" });

async function bytesOf(db: typeof env.db) {
  const [item] = await listPendingUploads(db, OWNER);
  return audioOf(item!, item!.mimeType).text();
}

describe("recovering an interrupted recording", () => {
  it("assembles its chunks in order into the outbox, with the title typed so far and the recorded duration", async () => {
    env = freshOutbox();
    const rec = active();
    await beginRecording(env.db, rec);
    // Written out of order on purpose: the sequence number decides, not the write order.
    await appendChunk(env.db, rec.id, 2, chunk("C"), 3000);
    await appendChunk(env.db, rec.id, 0, chunk("A"), 1000);
    await appendChunk(env.db, rec.id, 1, chunk("B"), 2000);
    await appendChunk(env.db, rec.id, 10, chunk("D"), 4400);
    await updateRecordingTitle(env.db, rec.id, "Walk in the park");

    // The tab died here. At the next start, in a new context:
    const report = await recoverInterruptedRecordings(env.second(), { locks: memoryLocks() });
    expect(report.recovered.map((r) => r.id)).toEqual([rec.id]);
    const [item] = await listPendingUploads(env.db, OWNER);
    expect(item).toMatchObject({
      id: rec.id,
      title: "Walk in the park",
      duration: 4,
      createdAt: rec.createdAt,
      domainId: rec.domainId,
      mimeType: rec.mimeType,
      size: 4,
      attempts: 0,
      status: "waiting",
      timeZone: "Europe/Berlin",
    });
    expect(await bytesOf(env.db)).toBe("ABCD");
    expect(await env.db.recordingChunks.count()).toBe(0);
    expect(await env.db.activeRecordings.count()).toBe(0);
  });

  it("keeps two interrupted recordings apart", async () => {
    env = freshOutbox();
    const one = active("rec-1-aaaaaaaa");
    const two = { ...active("rec-2-bbbbbbbb"), recordedAt: one.recordedAt + 60_000 };
    await beginRecording(env.db, one);
    await beginRecording(env.db, two);
    await appendChunk(env.db, one.id, 0, chunk("1a"), 1000);
    await appendChunk(env.db, two.id, 0, chunk("2a"), 1000);
    await appendChunk(env.db, one.id, 1, chunk("1b"), 2000);
    const report = await recoverInterruptedRecordings(env.db, { locks: memoryLocks() });
    expect(report.recovered).toHaveLength(2);
    const texts = await Promise.all((await listPendingUploads(env.db, OWNER)).map((i) => audioOf(i, i.mimeType).text()));
    expect(texts).toEqual(["2a", "1a1b"]);
  });

  it("leaves alone a recording another tab is still making", async () => {
    env = freshOutbox();
    const rec = active();
    const locks = memoryLocks();
    await beginRecording(env.db, rec);
    await appendChunk(env.db, rec.id, 0, chunk("A"), 1000);
    let stopRecording!: () => void;
    const recordingTab = locks.run(lockNames.recording(rec.id), () => new Promise<void>((r) => (stopRecording = r)));
    const report = await recoverInterruptedRecordings(env.second(), { locks });
    expect(report.recovered).toEqual([]);
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
    expect(await env.db.recordingChunks.count()).toBe(1);
    stopRecording();
    await recordingTab;
  });

  it("forgets a recording that never produced a chunk", async () => {
    env = freshOutbox();
    await beginRecording(env.db, active());
    const report = await recoverInterruptedRecordings(env.db, { locks: memoryLocks() });
    expect(report.recovered).toEqual([]);
    expect(await env.db.activeRecordings.count()).toBe(0);
  });

  it("tells which older recordings the recovered one pushed out of the 80 MB cap", async () => {
    env = freshOutbox();
    await addPendingUpload(env.db, recording(1, 6), { maxBytes: 8 });
    const rec = active();
    await beginRecording(env.db, rec);
    await appendChunk(env.db, rec.id, 0, chunk("ABCD"), 1000);
    const report = await recoverInterruptedRecordings(env.db, { locks: memoryLocks(), maxBytes: 8 });
    expect(report.evicted.map((e) => e.title)).toEqual(["Note 1"]);
  });

  it("frees a recording left 'uploading' by a sender that died", async () => {
    env = freshOutbox();
    await addPendingUpload(env.db, recording(1));
    await markUploading(env.db, recording(1).id);
    await recoverInterruptedRecordings(env.db, { locks: memoryLocks() });
    expect((await listPendingUploads(env.db, OWNER))[0]!.status).toBe("waiting");
  });
});

describe("finishing and cancelling", () => {
  it("Finish moves the recording into the outbox and drops its chunks", async () => {
    env = freshOutbox();
    const rec = active();
    await beginRecording(env.db, rec);
    await appendChunk(env.db, rec.id, 0, chunk("A"), 1000);
    await appendChunk(env.db, rec.id, 1, chunk("B"), 2000);
    const { item } = await finishRecording(env.db, rec, { audio: chunk("AB!"), title: "Final title", duration: 2.4 });
    expect(item).toMatchObject({ id: rec.id, title: "Final title", duration: 2.4, size: 3 });
    expect(await bytesOf(env.db)).toBe("AB!");
    expect(await env.db.recordingChunks.count()).toBe(0);
    expect(await env.db.activeRecordings.count()).toBe(0);
    expect((await recoverInterruptedRecordings(env.db, { locks: memoryLocks() })).recovered).toEqual([]);
  });

  it("Cancel discards the chunks, so nothing is recovered later", async () => {
    env = freshOutbox();
    const rec = active();
    await beginRecording(env.db, rec);
    await appendChunk(env.db, rec.id, 0, chunk("A"), 1000);
    await discardRecording(env.db, rec.id);
    expect(await env.db.recordingChunks.count()).toBe(0);
    expect((await recoverInterruptedRecordings(env.db, { locks: memoryLocks() })).recovered).toEqual([]);
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
  });
});
