import { afterEach, describe, expect, it, vi } from "vitest";
import { addPendingUpload, getPendingUpload, listPendingUploads } from "../../src/features/outbox/outbox-store";
import { parkReads, unparkReads } from "../../src/features/outbox/parking";
import { parkOutboxWhenHidden } from "../../src/features/outbox/park-on-pagehide";
import { freshOutbox, OWNER, recording } from "./helpers";

let env: ReturnType<typeof freshOutbox>;
afterEach(() => env?.close());

/** A read that walks every row, one callback each: under way for many turns of the event loop. */
function slowRead(db: ReturnType<typeof freshOutbox>["db"]) {
  let seen = 0;
  const done = db.pendingUploads.each(() => void (seen += 1)).then(
    () => "finished" as const,
    (err: unknown) => (err as { name?: string }).name ?? "failed",
  );
  return { done, seen: () => seen };
}

async function seed(db: ReturnType<typeof freshOutbox>["db"], count: number): Promise<void> {
  // One transaction for all: quick on a loaded machine.
  await db.transaction("rw", db.pendingUploads, async () => {
    for (let n = 1; n <= count; n++) await addPendingUpload(db, recording(n, 16));
  });
}

async function whenStarted(read: { seen: () => number }): Promise<void> {
  await vi.waitFor(() => expect(read.seen()).toBeGreaterThan(0), { interval: 1 });
}

describe("a page put in the back/forward cache", () => {
  it("ends the outbox reads it has under way, lets a write under way land, and starts no read until it is shown again", async () => {
    env = freshOutbox();
    await seed(env.db, 200);
    const read = slowRead(env.db);
    await whenStarted(read);
    const write = addPendingUpload(env.db, recording(999, 16));

    expect(parkReads(env.db)).toBe(1);
    expect(await read.done).toBe("AbortError");
    expect(read.seen()).toBeLessThan(200);
    await write;
    await expect(listPendingUploads(env.db, OWNER)).rejects.toMatchObject({ name: "AbortError" });

    // Two reads ended while away: the one under way and the one refused.
    expect(unparkReads(env.db)).toBe(2);
    expect((await listPendingUploads(env.db, OWNER)).length).toBe(201);
    expect((await getPendingUpload(env.db, recording(999).id))?.title).toBe("Note 999");
    expect(unparkReads(env.db)).toBe(0);
  });

  it("ends only its own reads: another tab's read of the same database finishes", async () => {
    env = freshOutbox();
    await seed(env.db, 200);
    const otherTab = env.second();
    const mine = slowRead(env.db);
    const theirs = slowRead(otherTab);
    await whenStarted(mine);
    await whenStarted(theirs);
    parkReads(env.db);
    expect(await mine.done).toBe("AbortError");
    expect(await theirs.done).toBe("finished");
    expect(theirs.seen()).toBe(200);
    unparkReads(env.db);
  });
});

describe("pagehide and pageshow", () => {
  const pageEvent = (type: string, persisted: boolean) => Object.assign(new Event(type), { persisted });

  it("parks the outbox when the page goes into the back/forward cache, and reloads when it is shown again only if a read was ended", async () => {
    env = freshOutbox();
    await seed(env.db, 200);
    const page = new EventTarget();
    const reload = vi.fn();
    parkOutboxWhenHidden(env.db, page as unknown as Window, reload);

    // Away and back with nothing under way: the page is shown as it was.
    page.dispatchEvent(pageEvent("pagehide", true));
    page.dispatchEvent(pageEvent("pageshow", true));
    expect(reload).not.toHaveBeenCalled();

    // Unloaded for good (not cached): the browser ends everything itself.
    const unloaded = slowRead(env.db);
    await whenStarted(unloaded);
    page.dispatchEvent(pageEvent("pagehide", false));
    expect(await unloaded.done).toBe("finished");

    const read = slowRead(env.db);
    await whenStarted(read);
    page.dispatchEvent(pageEvent("pagehide", true));
    expect(await read.done).toBe("AbortError");
    page.dispatchEvent(pageEvent("pageshow", true));
    expect(reload).toHaveBeenCalledTimes(1);
    expect((await listPendingUploads(env.db, OWNER)).length).toBe(200);
  });
});
