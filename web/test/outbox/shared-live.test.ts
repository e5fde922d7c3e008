// Dexie runs live queries only where a browser's indexedDB exists: this file gives Node one.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addChange, listChanges } from "../../src/features/outbox/changes-store";
import { SharedLiveReads } from "../../src/features/outbox/shared-live";
import { freshOutbox, OTHER, OWNER } from "./helpers";

let env: ReturnType<typeof freshOutbox>;
afterEach(() => env?.close());

const NOTE = "aaaaaaaa-0000-4000-8000-000000000001";
const rename = (title: string, ownerId = OWNER) =>
  addChange(env.db, { ownerId, target: { type: "note", id: NOTE }, action: "update", method: "PATCH", path: `/api/voice-notes/${NOTE}`, body: { title } });

/** A live read of a person's changes that counts how often it ran. */
function countedRead(ownerId = OWNER) {
  const read = { runs: 0, query: () => ((read.runs += 1), listChanges(env.db, ownerId)) };
  return read;
}

const titles = (reads: SharedLiveReads, key: string) => reads.current<{ body?: { title?: unknown } }[] | undefined>(key, undefined)?.map((c) => c.body?.title);

describe("live outbox reads shared by a page", () => {
  it("read once for every part of the page that shows them, and once again after each change, all seeing the same answer", async () => {
    env = freshOutbox();
    const reads = new SharedLiveReads((err) => { throw err; });
    const read = countedRead();
    const seen = [0, 0, 0];
    const stops = seen.map((_, i) => reads.watch(`changes:${OWNER}`, read.query, () => (seen[i]! += 1)));
    expect(reads.current(`changes:${OWNER}`, "not read yet")).toBe("not read yet");
    await vi.waitFor(() => expect(seen).toEqual([1, 1, 1]));
    // (Dexie may read again while the database finishes opening: the reads counted are a change's.)
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = read.runs;

    // A change made in another connection, as another tab or the service worker would.
    const other = env.second();
    await addChange(other, { ownerId: OWNER, target: { type: "note", id: NOTE }, action: "update", method: "PATCH", path: `/api/voice-notes/${NOTE}`, body: { title: "From the worker" } });
    await vi.waitFor(() => expect(titles(reads, `changes:${OWNER}`)).toEqual(["From the worker"]));
    expect(seen).toEqual([2, 2, 2]);
    expect(read.runs - before).toBe(1);
    stops.forEach((stop) => stop());
  });

  it("keep each person's answer apart", async () => {
    env = freshOutbox();
    const reads = new SharedLiveReads((err) => { throw err; });
    await rename("Mine");
    await rename("Theirs", OTHER);
    const stopMine = reads.watch(`changes:${OWNER}`, countedRead(OWNER).query, () => undefined);
    const stopTheirs = reads.watch(`changes:${OTHER}`, countedRead(OTHER).query, () => undefined);
    await vi.waitFor(() => expect([titles(reads, `changes:${OWNER}`), titles(reads, `changes:${OTHER}`)]).toEqual([["Mine"], ["Theirs"]]));
    stopMine();
    stopTheirs();
  });

  it("stay live a moment after the last watcher leaves, so the next screen starts from the answer, then stop reading", async () => {
    env = freshOutbox();
    const reads = new SharedLiveReads((err) => { throw err; }, 50);
    await rename("Before");
    const read = countedRead();
    const stop = reads.watch(`changes:${OWNER}`, read.query, () => undefined);
    await vi.waitFor(() => expect(titles(reads, `changes:${OWNER}`)).toEqual(["Before"]));
    const runs = read.runs;
    stop();
    // The next screen's watcher arrives within the moment: the answer is there at once, not read again.
    const stopNext = reads.watch(`changes:${OWNER}`, read.query, () => undefined);
    expect(titles(reads, `changes:${OWNER}`)).toEqual(["Before"]);
    expect(read.runs).toBe(runs);
    stopNext();
    await vi.waitFor(() => expect(reads.liveKeys()).toEqual([]));
    await rename("After");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read.runs).toBe(runs);
    expect(reads.current(`changes:${OWNER}`, "not read")).toBe("not read");
  });
});
