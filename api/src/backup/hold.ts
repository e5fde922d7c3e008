import type { BlobStore } from "../storage/index.js";

/** A blob store whose deletions can be held back while a backup copies the audio. */
export interface HoldableBlobStore extends BlobStore {
  /** From now until the returned release runs, deletions wait (and are done at release). */
  holdDeletes(): () => Promise<void>;
}

/**
 * A backup dumps the database first and copies the audio after: a note deleted in between
 * would have its row in the backup and its file gone. While a backup holds them, deletions are
 * only remembered (the call returns at once) and done when it ends; a crash meanwhile leaves
 * files without a row, which the crash sweep removes.
 */
export function holdableBlobStore(store: BlobStore): HoldableBlobStore {
  let holds = 0;
  let held: (() => Promise<void>)[] = [];
  let released: Promise<void> = Promise.resolve();
  let release: () => void = () => {};
  return {
    ...store,
    async delete(key) {
      if (holds > 0) held.push(() => store.delete(key));
      else await store.delete(key);
    },
    async deletePrefix(prefix) {
      if (holds > 0) held.push(() => store.deletePrefix(prefix));
      else await store.deletePrefix(prefix);
    },
    async sweep(before, claimed) {
      // The sweep deletes what has no row: it waits for the backup instead of being remembered.
      await released;
      return store.sweep(before, claimed);
    },
    holdDeletes() {
      if (holds++ === 0) released = new Promise((resolve) => (release = resolve));
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        if (--holds > 0) return;
        const pending = held;
        held = [];
        release();
        for (const run of pending) await run().catch(() => undefined);
      };
    },
  };
}
